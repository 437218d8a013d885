import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  isCall,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  SHOTS,
  SLHK_PRODUCT,
  submittedDisclosure,
  SETTLED,
} from '../src/questionnaire.ts';
import { rowsOf } from '../src/workbook.ts';

const suite = journeySuite();
const { baseUrl } = suite;

/**
 * A disclosure submitted over HTTP by a demo user, then opened by them in the browser (view
 * mode), with window.print recorded rather than opening the browser's dialog.
 */
async function openSubmitted(
  userName: string,
  applicationNumber: string,
  product: typeof PHKL_PRODUCT,
  conditions = ['gallstones'],
): Promise<{ page: Page; screen: QuestionnaireScreen; requestId: string }> {
  const requestId = await submittedDisclosure(baseUrl, {
    userName,
    applicationNumber,
    product,
    conditions,
  });
  const page = await suite.signedIn(userName, {
    prepare: (context) =>
      context.addInitScript(() => {
        window.print = () => {
          document.documentElement.dataset.printed = 'yes';
        };
      }),
  });
  await suite.open(page, requestId);
  const screen = new QuestionnaireScreen(page, suite.labels);
  await screen.showForm();
  return { page, screen, requestId };
}

describe('export and print of a submitted disclosure', () => {
  it('A-24 A-25 M-21: Export downloads questionnaire_{application number}.xlsx holding the application number, conditions, decisions and answers', async () => {
    const { page, screen, requestId } = await openSubmitted(
      'interviewer1',
      'EXPORT2026',
      PHKL_PRODUCT,
      ['gallstones', 'anaemia'],
    );

    const call = page.waitForRequest(isCall('POST', '/api/impairment/video_mer/disclosure/export'));
    const download = page.waitForEvent('download');
    await screen.button('export').click();
    expect((await call).postDataJSON()).toMatchObject({
      applicationNumber: 'EXPORT2026',
      requestId,
      gender: 'Male',
      rsmScore: 'A',
      age: 45,
    });
    const file = await download;
    expect(file.suggestedFilename()).toBe('questionnaire_EXPORT2026.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      '1. Gallstones',
      '2. Anaemia',
    ]);

    const summary = rowsOf(workbook.getWorksheet('Summary')!);
    expect(summary).toContainEqual(['Application number', 'EXPORT2026']);
    expect(summary).toContainEqual(['Gender', 'Male']);
    expect(summary).toContainEqual(['Condition', 'Life', 'Critical Illness', 'Medical']);
    // Debit points are number cells, shown as +25 by their number format.
    expect(summary).toContainEqual(['Gallstones', '25', 'Standard (0)', 'Exclusion EX5']);
    expect(summary).toContainEqual(['Anaemia', 'Standard (0)', 'Standard (0)', 'Exclusion EX23']);

    expect(rowsOf(workbook.getWorksheet('1. Gallstones')!)).toEqual([
      ['No.', 'Section', 'Question', 'Answer'],
      ['1', 'Symptoms and complications', 'When were the gallstones found?', '01/03/2015'],
      [
        '2',
        'Symptoms and complications',
        'Have the gallstones caused any symptoms?',
        'No, found by chance on a scan',
      ],
      [
        '3',
        'Symptoms and complications',
        'Have the gallstones caused any of these?',
        'Inflamed gallbladder (cholecystitis)',
      ],
      ['4', 'Scans and surgery', 'What did the latest ultrasound show?', 'A single stone'],
      [
        '5',
        'Scans and surgery',
        'Has the gallbladder been removed (cholecystectomy)?',
        'No, surgery is advised or planned',
      ],
      ['', '', 'Decision: Life', '25'],
      ['', '', 'Decision: Critical Illness', 'Standard (0)'],
      ['', '', 'Decision: Medical', 'Exclusion EX5'],
    ]);
    const anaemia = rowsOf(workbook.getWorksheet('2. Anaemia')!);
    // Numbered as the screen numbers it, across the questionnaire: Gallstones holds 1 to 5.
    expect(anaemia).toContainEqual([
      '8',
      'Blood tests and symptoms',
      'Lowest haemoglobin recorded',
      '120 g/dL',
    ]);
    await page.context().close();
  });

  it('F-05 a disclosure opened for paper (a PDF renderer, say) builds the printout alone; its frame and form once it shows on screen', async () => {
    const requestId = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'PAPER2026',
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
    });
    const page = await suite.signedIn('interviewer1');
    await page.emulateMedia({ media: 'print' });
    await page.goto(`${baseUrl}/questionnaire/${requestId}`);
    const printout = page.locator('article.print-only');
    const symptoms = page.locator('[data-question="gallstones-symptoms"]');
    await printout.locator('[data-question="gallstones-symptoms"]').waitFor();
    expect(
      await printout.getByRole('radio', { name: 'No, found by chance on a scan' }).isVisible(),
    ).toBe(true);
    // What paper hides is not built: no header, footer or tabs, and no question but the printed.
    expect(await page.locator('header, footer, [role="tablist"]').count()).toBe(0);
    expect(await symptoms.count()).toBe(1);

    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    const screen = new QuestionnaireScreen(page, suite.labels);
    await screen.showForm();
    await symptoms.waitFor();
    expect(await printout.locator('[data-question]').count()).toBe(0);
    expect(
      await screen
        .question('gallstones-symptoms')
        .getByRole('radio', { name: 'No, found by chance on a scan', exact: true })
        .isChecked(),
    ).toBe(true);

    // Printed again, the screen keeps what it built, beside the printout.
    await page.emulateMedia({ media: 'print' });
    await printout.locator('[data-question="gallstones-symptoms"]').waitFor();
    expect(await page.locator('header').count()).toBe(1);
    expect(await symptoms.count()).toBe(2);
    await page.context().close();
  });

  it('M-22 C-26: the print action shows only on windows taller than 667 px', async () => {
    const { page } = await openSubmitted('interviewer1', 'PRINTSIZE1', PHKL_PRODUCT);
    const printCard = page.getByRole('complementary', { name: 'Print' });
    await printCard.waitFor();
    await page.setViewportSize({ width: 1280, height: 667 });
    await printCard.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 668 });
    await printCard.waitFor();
    await page.context().close();
  });

  it('M-23 V-61: Print prints the decisions and every answer, without the screen chrome or a cover (phkl)', async () => {
    const { page, screen } = await openSubmitted('interviewer1', 'PRINTPHKL1', PHKL_PRODUCT);
    const printCard = page.getByRole('complementary', { name: 'Print' });
    await printCard.getByRole('heading', { name: 'Print' }).waitFor();
    await printCard.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.printed), SETTLED)
      .toBe('yes');

    await page.emulateMedia({ media: 'print' });
    await suite.screenshot(page, `print-phkl`, { fullPage: true });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await printCard.isVisible()).toBe(false);
    expect(await screen.button('export').isVisible()).toBe(false);
    expect(await screen.button('nextPage').isVisible()).toBe(false);
    expect(await page.locator('main img').count()).toBe(0);
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['25', '0', 'EX5']);
    expect(await page.getByRole('row', { name: /^Gallstones/ }).isVisible()).toBe(true);
    // What drove each decision, and the wording of the exclusion the decisions name.
    const why = page.getByRole('region', { name: 'Why: Gallstones' });
    expect(await why.isVisible()).toBe(true);
    expect(await why.getByText('Medical: EX5').isVisible()).toBe(true);
    const exclusions = page.getByRole('region', { name: 'Exclusions' });
    expect(await exclusions.getByRole('row').allTextContents()).toEqual([
      'EX5Any disease or disorder of the gallbladder and bile ducts, including gallstones and cholecystitis, and any complication arising from it, is excluded.',
    ]);
    await page.pdf({ path: `${SHOTS}/print-phkl.pdf`, format: 'A4' });
    // The answers of every page are on paper, not only those of the page on screen.
    for (const [question, answer] of [
      ['gallstones-symptoms', 'No, found by chance on a scan'],
      ['gallstones-surgery', 'No, surgery is advised or planned'],
    ]) {
      const chosen = screen.question(question!).getByRole('radio', { name: answer, exact: true });
      expect(await chosen.isVisible(), question).toBe(true);
      expect(await chosen.isChecked(), question).toBe(true);
    }
    await page.context().close();
  });

  it('M-24: an slhk printout starts with the cover image, which the screen never shows', async () => {
    const { page, screen } = await openSubmitted('agent1', 'PRINTSLHK1', SLHK_PRODUCT);
    await page.getByRole('complementary', { name: 'Print' }).waitFor();
    const cover = page.locator('main img');
    expect(await cover.count()).toBe(1);
    expect(await cover.isVisible()).toBe(false);

    await page.emulateMedia({ media: 'print' });
    await suite.screenshot(page, `print-slhk`, { fullPage: true });
    expect(await cover.isVisible()).toBe(true);
    // A cover comes first on paper: above the disclosure's first section.
    const coverTop = (await cover.boundingBox())!.y;
    const firstSection = (await screen.basic.boundingBox())!.y;
    expect(coverTop).toBeLessThan(firstSection);
    await page.context().close();
  });
});
