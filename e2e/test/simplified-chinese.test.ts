import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { enableStateGetter, newContext, signIn } from '../src/browser.ts';
import {
  isCall,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  SETTLED,
  submittedDisclosure,
} from '../src/questionnaire.ts';
import { rowsOf } from '../src/workbook.ts';

const suite = journeySuite();
const { baseUrl } = suite;

describe('Simplified Chinese, end to end', () => {
  it('L-29 L-30: chosen in the language dialog, the screens, a refused submit, the spreadsheet and the printout read in Simplified Chinese', async () => {
    const requestId = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'SIMPLIFIED1',
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
    });
    const draftId = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'SIMPLIFIED3',
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
      save: true,
    });
    const context = await newContext(suite.browser, 'desktop');
    await enableStateGetter(context);
    await context.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = 'yes';
      };
    });
    const page = await context.newPage();
    await signIn(page, baseUrl, 'interviewer1');
    const screen = new QuestionnaireScreen(page, suite.labels, 'cn_simplified');
    try {
      // The dialog offers the three languages; Simplified Chinese applies at once.
      await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Language' });
      expect(await dialog.getByRole('button').allTextContents()).toEqual([
        'English',
        'Traditional Chinese',
        'Simplified Chinese',
        'Cancel',
      ]);
      const saved = page.waitForResponse((response) =>
        isCall('PUT', '/api/user/language')(response.request()),
      );
      await dialog.getByRole('button', { name: 'Simplified Chinese' }).click();
      expect((await saved).status()).toBe(200);

      // The questionnaire screen: interface texts and catalogue texts in Simplified Chinese.
      await screen.basic.getByRole('heading', { name: '客户资料 / 基本资料' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
      await page.getByRole('banner').getByRole('button', { name: '语言设定' }).waitFor();
      const { basic } = screen.texts;
      await screen.basic
        .getByRole('textbox', { name: basic.applicationNumber })
        .pressSequentially('SIMPLIFIED2');
      await screen.basic.getByRole('textbox', { name: basic.birthDate }).fill('02021988');
      await screen.basic.getByRole('radio', { name: '男', exact: true }).check();
      await screen.basic.getByRole('combobox', { name: basic.rsmScore }).click();
      await screen.pick('A');
      // The condition's Simplified name, typed, chooses it.
      const search = screen.conditions.getByRole('combobox', { name: '病症' });
      await search.fill('胆石');
      await search.press('Enter');
      await screen.chip('胆石').waitFor();
      await screen.disclosure.getByText('何时发现胆石？').waitFor();
      expect(await page.getByText('何時發現膽石？').count()).toBe(0);

      // A refused submit (a draft given a future birth date) names its reason in Simplified
      // Chinese.
      await suite.open(page, draftId);
      await screen.disclosure.getByText('何时发现胆石？').waitFor();
      const birthDate = screen.basic.getByRole('textbox', { name: basic.birthDate });
      await birthDate.fill('01012099');
      await screen.basic.getByRole('textbox', { name: basic.age }).fill('38');
      await screen.button('submit').click();
      const incomplete = page.getByRole('dialog', {
        name: screen.texts.disclosure.incompleteTitle,
      });
      await incomplete.getByText('出生日期不能是将来的日期', { exact: true }).waitFor();
      expect(await incomplete.getByText('问卷尚未完成。').isVisible()).toBe(true);
      await suite.screenshot(page, `simplified-chinese-screen`, { fullPage: true });

      // A submitted disclosure, exported: the spreadsheet is in Simplified Chinese.
      await suite.open(page, requestId);
      await screen.showForm();
      const download = page.waitForEvent('download');
      await screen.button('export').click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await (await download).path());
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['摘要', '1. 胆石']);
      expect(rowsOf(workbook.getWorksheet('摘要')!)).toContainEqual(['申请编号', 'SIMPLIFIED1']);
      expect(rowsOf(workbook.getWorksheet('1. 胆石')!)).toContainEqual([
        '1',
        '病征及并发症',
        '何时发现胆石？',
        '01/03/2015',
      ]);

      // And printed: the decisions' exclusion wording in Simplified Chinese on paper.
      const printCard = page.getByRole('complementary', { name: screen.texts.disclosure.print });
      await printCard.getByRole('button', { name: screen.texts.disclosure.print }).click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.printed), SETTLED)
        .toBe('yes');
      await page.emulateMedia({ media: 'print' });
      const exclusions = page.getByRole('region', { name: '不保事项' });
      // The printout renders after the print media applies: wait for its rows.
      await expect
        .poll(() => exclusions.getByRole('row').allTextContents(), SETTLED)
        .toEqual([
          'EX5不保任何胆囊及胆管疾病或失调（包括胆石及胆囊炎），以及由此引致的任何并发症。',
        ]);
      await suite.screenshot(page, `simplified-chinese-print`, { fullPage: true });
    } finally {
      // The language is saved with the user: leave interviewer1 in English for other journeys.
      await suite.setLanguage('interviewer1', 'en');
      await context.close();
    }
  });
});
