import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminInsurer } from '@vmer/domain/admin';
import { apiPath, endpoints } from '@vmer/domain/api';
import { textsIn } from '@vmer/domain/languages';
import { adminInsurersTexts } from '../../apps/web/src/features/admin-insurers/locales.ts';
import type { InsurerListEntry } from '../../apps/web/src/features/header-selection/api/insurer-list-api.ts';
import { cnTraditional as shellTextsCn } from '../../apps/web/src/locales/cn-traditional.ts';
import { en as shellTexts } from '../../apps/web/src/locales/en.ts';
import { api } from '../../apps/server/test/helpers.ts';
import { appState, DESKTOP, look, VIEWPORTS } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  PHKL_PRODUCT,
  SETTLED,
  SHOTS,
  submittedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();

/** The desktop width; the phone width is the app's usual 390 px. */
const SHELL = { en: shellTexts, cn_traditional: shellTextsCn } as const;
type JourneyLanguage = keyof typeof SHELL;
const textsOf = (language: JourneyLanguage) => ({
  ...textsIn(adminInsurersTexts, language).adminInsurers,
  nav: SHELL[language].nav,
  notAllowed: SHELL[language].notAllowed,
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_match, key: string) => String(values[key]));

/** Where signing in lands: the dashboard for an administrator, who has no questionnaire. */
const landing = (userName: string) => (userName === 'admin1' ? '/dashboard' : '/home');

async function signedIn(userName: string, language: JourneyLanguage = 'en'): Promise<Page> {
  await suite.setLanguage(userName, language);
  const page = await suite.signedIn(userName, { landing: landing(userName) });
  await page.setViewportSize(DESKTOP);
  return page;
}

/** The administrator's insurers and the active version, over the API. */
async function insurers(token: string) {
  const answer = await api<{ catalogVersion: string; insurers: AdminInsurer[] }>(
    suite.baseUrl,
    apiPath(endpoints.adminInsurers),
    { token },
  );
  return answer.body.body!;
}

const menuNames = async (page: Page, language: JourneyLanguage) => {
  const links = page.getByRole('navigation', { name: SHELL[language].nav.label }).getByRole('link');
  return (await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).map(
    String,
  );
};

describe('insurers and products', () => {
  it('O-11 admin1 renames a product and adds one, named in both languages; interviewer1’s header product selector shows them', async () => {
    const token = await suite.token('admin1');
    const before = await insurers(token);
    const phkl = before.insurers.find((insurer) => insurer.code === 'phkl')!;
    const texts = textsOf('en');
    const page = await signedIn('admin1');
    try {
      await page
        .getByRole('navigation', { name: texts.nav.label })
        .getByRole('link', { name: texts.nav.insurers })
        .click();
      await page.waitForURL(/\/admin\/insurers$/);
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);
      await page.getByRole('button', { name: /^PHKL · / }).click();
      await page.getByRole('group', { name: 'Product WL01' }).waitFor(SETTLED);
      // Looked at once the editor has opened all the way.
      await page.locator('.MuiCollapse-entered').waitFor(SETTLED);
      await look(page, `${SHOTS}/admin-insurers-editor-en`);

      const wl01 = page.getByRole('group', { name: 'Product WL01' });
      await wl01.getByRole('textbox', { name: texts.nameEn }).fill('Whole Life Protector E2E');
      await wl01.getByRole('textbox', { name: texts.nameCn }).fill('終身人壽保障計劃（測試）');
      const agency = page.getByRole('region', {
        name: fill(texts.channelTitle, { code: 'AGENCY' }),
      });
      await agency.getByRole('button', { name: texts.addProduct }).click();
      const added = page.getByRole('group', { name: 'Product …' });
      await added.getByRole('textbox', { name: texts.productCode }).fill('E2E01');
      const e2e01 = page.getByRole('group', { name: 'Product E2E01' });
      await e2e01.getByRole('textbox', { name: texts.nameEn }).fill('Journey Cover');
      await e2e01.getByRole('textbox', { name: texts.nameCn }).fill('旅程保障');
      await e2e01.getByRole('radio', { name: texts.chosenConditions }).check();
      await e2e01.getByRole('combobox', { name: texts.conditions }).fill('Asth');
      await page.getByRole('option', { name: 'Asthma' }).click();

      await page.getByRole('button', { name: texts.save, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: texts.confirmTitle });
      await dialog.waitFor(SETTLED);
      const next = String(Number(before.catalogVersion) + 1);
      expect(await dialog.textContent()).toContain(
        fill(texts.confirmText, { next, version: before.catalogVersion, insurer: 'PHKL' }),
      );
      await look(page, `${SHOTS}/admin-insurers-confirm`, { dialog: true });
      await dialog.getByRole('button', { name: texts.confirm }).click();
      const saved = page.getByRole('status').filter({ hasText: /catalogue version \d+ is active/ });
      await saved.waitFor(SETTLED);
      const version = (await insurers(token)).catalogVersion;
      expect(await saved.textContent()).toBe(fill(texts.saved, { insurer: 'PHKL', version }));
      await look(page, `${SHOTS}/admin-insurers-saved`);

      // interviewer1's header offers the new product and reads the new name.
      const interviewer = await signedIn('interviewer1');
      await interviewer
        .getByRole('banner')
        .getByRole('button', { name: /^Product: / })
        .click();
      const products = interviewer.getByRole('listbox', { name: 'Product' });
      await products.getByRole('option', { name: 'e2e01' }).waitFor(SETTLED);
      const entries = (
        await appState<{ headerSelection: { fullProductList: InsurerListEntry[] } }>(interviewer)
      ).headerSelection.fullProductList;
      expect(entries.filter((entry) => entry.channel === 'agency')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            productCode: 'WL01',
            productName: {
              en: 'Whole Life Protector E2E',
              cn_traditional: '終身人壽保障計劃（測試）',
            },
          }),
          expect.objectContaining({
            productCode: 'E2E01',
            productName: { en: 'Journey Cover', cn_traditional: '旅程保障' },
          }),
        ]),
      );
      await suite.screenshot(interviewer, 'admin-insurers-interviewer-products-1366');
      await interviewer.context().close();

      // The editor in Chinese, as admin1 reads it then.
      const textsCn = textsOf('cn_traditional');
      const chinese = await signedIn('admin1', 'cn_traditional');
      await chinese.goto(`${suite.baseUrl}/admin/insurers`);
      await chinese.getByRole('heading', { name: textsCn.title, level: 1 }).waitFor(SETTLED);
      await chinese.getByRole('button', { name: /^PHKL · / }).click();
      await chinese.getByRole('group', { name: '產品 E2E01' }).waitFor(SETTLED);
      await chinese.locator('.MuiCollapse-entered').waitFor(SETTLED);
      await look(chinese, `${SHOTS}/admin-insurers-editor-cn`);
      await chinese.context().close();
    } finally {
      // Other journeys read the sample catalogue's products: put phkl back as it was.
      const now = await insurers(token);
      const restored = await api(
        suite.baseUrl,
        apiPath(endpoints.adminInsurerUpdate, { code: 'phkl' }),
        {
          token,
          method: 'PUT',
          body: { insurer: phkl, catalogVersion: now.catalogVersion },
        },
      );
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      await suite.setLanguage('admin1', 'en');
      await page.context().close();
    }
  });
});

describe('menu and access by role', () => {
  const MENUS: Record<string, string[]> = {
    interviewer1: ['/home', '/worklist'],
    agent1: ['/home', '/worklist'],
    uw1: ['/home', '/worklist', '/dashboard'],
    uw2: ['/home', '/worklist', '/dashboard'],
    uw3: ['/home', '/worklist', '/dashboard'],
    admin1: [
      '/dashboard',
      '/admin/users',
      '/admin/account-requests',
      '/admin/insurers',
      '/admin/catalogue',
    ],
  };

  it('O-01 each demo user’s menu offers exactly their role’s screens, and fits at 1366 and 390 px', async () => {
    // A disclosure returned to interviewer1 for correction, so their Worklist entry carries
    // its badge, which must fit in the menu too.
    const requestId = await submittedDisclosure(suite.baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'MENUBADGE1',
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
    });
    const returned = await fetchDisclosure(suite.baseUrl, await suite.token('uw1'), requestId);
    const rejected = await api(
      suite.baseUrl,
      apiPath(endpoints.disclosureReject, { id: returned.id }),
      { token: await suite.token('uw1'), body: { reason: 'Menu badge' } },
    );
    expect(rejected.status).toBe(200);
    for (const [userName, expected] of Object.entries(MENUS)) {
      const page = await signedIn(userName);
      const menu = page.getByRole('navigation', { name: shellTexts.nav.label });
      await expect.poll(() => menuNames(page, 'en'), SETTLED).toEqual(expected);
      if (userName === 'interviewer1') {
        await expect
          .poll(
            () => menu.getByText(shellTexts.nav.returned.replace('{count}', '').trim()).count(),
            SETTLED,
          )
          .toBeGreaterThan(0);
      }
      for (const [width, size] of [
        [1366, DESKTOP],
        [390, VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(size);
        await suite.screenshot(page, `menu-${userName}-${width}`);
        // Every entry is on screen: nothing hides past the menu's edge.
        const overflow = await menu.evaluate((nav) => nav.scrollWidth - nav.clientWidth);
        expect(overflow, `${userName} at ${width} px`).toBeLessThanOrEqual(0);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${userName} at ${width} px`,
        ).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
  });

  for (const language of ['en', 'cn_traditional'] as const) {
    it(`O-01 (${language}) a non-administrator typing /admin/insurers sees "not allowed" and a link to their first screen`, async () => {
      const texts = textsOf(language);
      const page = await signedIn('uw1', language);
      try {
        await page.goto(`${suite.baseUrl}/admin/insurers`);
        await page
          .getByRole('heading', { name: texts.notAllowed.title, level: 1 })
          .waitFor(SETTLED);
        expect(await page.getByText(texts.notAllowed.text).isVisible()).toBe(true);
        await look(page, `${SHOTS}/admin-insurers-not-allowed-${language}`);
        await page
          .getByRole('link', {
            name: fill(texts.notAllowed.goFirst, { screen: texts.nav.questionnaire }),
          })
          .click();
        await page.waitForURL(/\/home$/);
      } finally {
        await suite.setLanguage('uw1', 'en');
        await page.context().close();
      }
    });
  }
});
