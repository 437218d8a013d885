import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import {
  DASHBOARD_TOP,
  decisionCategory,
  DECISION_CATEGORIES,
  type Dashboard,
  type DecisionCategory,
} from '@vmer/domain/dashboard';
import { textIn, textsIn } from '@vmer/domain/languages';
import type { DisclosureStatus, Language } from '@vmer/domain/model';
import { STATUS_NAMES } from '@vmer/domain/status-names';
import type { WorklistPage } from '@vmer/domain/workbench';
import { dashboardTexts } from '../../apps/web/src/features/dashboard/locales.ts';
import { PHKL_BANCA } from '../../apps/server/test/disclosures/fixtures.ts';
import { api } from '../../apps/server/test/helpers.ts';
import { seriousViolations } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  SETTLED,
  submittedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();

/**
 * This run's own data set, in phkl's bank product, which the other journeys hardly use; the
 * journeys share one server, so every figure is checked as the figure before seeding plus what
 * this file seeded.
 */
const PREFIX = `DB${Date.now().toString(36).toUpperCase()}`;
const SUBMITTED = [1, 2, 3, 4].map((n) => `${PREFIX}S${n}`);
const SAVED = `${PREFIX}D1`;
/** Stored trimmed and lower-cased, as the dashboard counts them. */
const REASON = `height missing ${PREFIX}`.toLowerCase();
const MISS = `zqx ${PREFIX}`.toLowerCase();
/** A searched term a spreadsheet would read as a formula. */
const FORMULA = `=sum ${PREFIX}`.toLowerCase();
const CONDITION = 'gallstones';

const TODAY = new Date().toISOString().slice(0, 10);
const FILTERS = {
  insurer: 'phkl',
  channel: PHKL_BANCA.channel,
  product: PHKL_BANCA.productCode,
  from: TODAY,
  to: TODAY,
};
const ADDRESS = `/dashboard?${new URLSearchParams(FILTERS)}`;

/** The Monday of today's ISO week (UTC), as the straight-through figure names weeks. */
const WEEK = (() => {
  const day = new Date(`${TODAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
})();

async function call<T>(
  userName: string,
  path: string,
  body?: unknown,
  method?: string,
): Promise<T> {
  const token = await suite.token(userName);
  const answer = await api<T>(suite.baseUrl, path, { token, body, method });
  if (answer.status !== 200) {
    throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.body as T;
}

/**
 * The dashboard as uw1 reads it once every write until `since` is in the rollups: its answer
 * says when they were last brought up to date, and each call brings a round of them up (no
 * waiting between calls: each does work).
 */
async function settledFigures(since: Date): Promise<Dashboard> {
  const path = `${apiPath(endpoints.dashboard)}?${new URLSearchParams(FILTERS)}`;
  for (let round = 0; round < 100; round += 1) {
    const figures = await call<Dashboard>('uw1', path);
    if (Date.parse(figures.asOf) >= since.getTime()) return figures;
  }
  throw new Error(`the dashboard's figures did not come up to ${since.toISOString()}`);
}

/** What the tables should show, computed from the figures before and what was seeded. */
interface Expected {
  perDay: Record<DisclosureStatus, number>;
  week: { submitted: number; straightThrough: number };
  mix: Map<string, Record<DecisionCategory, number>>;
  condition: { name: string; disclosures: number };
  reviewed: number;
  rejected: number;
  requestToSubmit: number;
  submitToValidate: number;
  catalogVersion: string;
  overrides: number;
}
let expected: Expected;

beforeAll(async () => {
  const before = await settledFigures(new Date());

  const requestIds: string[] = [];
  for (const applicationNumber of SUBMITTED) {
    requestIds.push(
      await submittedDisclosure(suite.baseUrl, {
        userName: 'interviewer1',
        applicationNumber,
        product: PHKL_BANCA,
        conditions: [CONDITION],
      }),
    );
  }
  await submittedDisclosure(suite.baseUrl, {
    userName: 'interviewer1',
    applicationNumber: SAVED,
    product: PHKL_BANCA,
    conditions: [CONDITION],
    save: true,
  });
  const uw1 = await suite.token('uw1');
  const [validated, rejected, overridden] = await Promise.all(
    requestIds.slice(0, 3).map((requestId) => fetchDisclosure(suite.baseUrl, uw1, requestId)),
  );
  await call('uw1', apiPath(endpoints.disclosureValidate, { id: validated!.id }), {});
  await call('uw1', apiPath(endpoints.disclosureReject, { id: rejected!.id }), {
    reason: `  ${REASON.toUpperCase()} `,
  });
  await call('uw1', apiPath(endpoints.reviewClaim, { id: overridden!.id }), {});
  await call(
    'uw1',
    apiPath(endpoints.disclosureOverride, { id: overridden!.id }),
    {
      version: overridden!.version,
      impairmentUuid: CONDITION,
      indicator: 'LIFE',
      decision: 'D',
      reason: 'medical_evidence',
    },
    'PUT',
  );
  for (const keyword of [MISS, MISS, FORMULA]) {
    await call('interviewer1', apiPath(endpoints.logSearch), {
      keyword,
      type: 3,
      insurerCode: 'phkl',
    });
  }
  // The decisions the server gave this run's submitted disclosures, as the worklist lists them.
  const mine = await call<WorklistPage>(
    'uw1',
    `${apiPath(endpoints.worklist)}?${new URLSearchParams({ q: PREFIX, status: '3,4,5', limit: '25' })}`,
  );
  expect(mine.items).toHaveLength(SUBMITTED.length);

  const statusBefore = (status: DisclosureStatus) =>
    before.perDay.find((d) => d.day === TODAY && d.status === status)?.count ?? 0;
  const weekBefore = before.straightThrough.find((w) => w.week === WEEK);
  const mix = new Map<string, Record<DecisionCategory, number>>(
    before.decisionMix.map((m) => [m.indicator, { ...m.counts }]),
  );
  let straightThrough = 0;
  for (const entry of mine.items) {
    const categories = Object.entries(entry.decisions).map(([indicator, value]) => {
      const category = decisionCategory(value);
      const counts =
        mix.get(indicator) ??
        (Object.fromEntries(DECISION_CATEGORIES.map((c) => [c, 0])) as Record<
          DecisionCategory,
          number
        >);
      counts[category] += 1;
      mix.set(indicator, counts);
      return category;
    });
    if (!categories.some((c) => c === 'refer' || c === 'postpone' || c === 'decline')) {
      straightThrough += 1;
    }
  }
  const conditionBefore = before.topConditions.find((c) => c.uuid === CONDITION);
  expected = {
    perDay: {
      1: statusBefore(1),
      2: statusBefore(2) + 1,
      3: statusBefore(3) + SUBMITTED.length - 2,
      4: statusBefore(4) + 1,
      5: statusBefore(5) + 1,
    },
    week: {
      submitted: (weekBefore?.submitted ?? 0) + SUBMITTED.length,
      straightThrough: (weekBefore?.straightThrough ?? 0) + straightThrough,
    },
    mix,
    condition: {
      name: '',
      disclosures: (conditionBefore?.disclosures ?? 0) + SUBMITTED.length,
    },
    reviewed: before.rejections.reviewed + 2,
    rejected: before.rejections.rejected + 1,
    requestToSubmit: before.durations.requestToSubmit.count + SUBMITTED.length,
    submitToValidate: before.durations.submitToValidate.count + 1,
    catalogVersion: mine.items[0]!.catalogVersion ?? '',
    overrides:
      (before.overrides.find(
        (o) => o.conditionUuid === CONDITION && o.catalogVersion === mine.items[0]!.catalogVersion,
      )?.count ?? 0) + 1,
  };
  // The condition's name as the figures write it (the counts are this file's own).
  const after = await settledFigures(new Date());
  expected.condition.name = after.topConditions.find((c) => c.uuid === CONDITION)?.name ?? '';
});

/** A figure's card, by its title. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Shows a card's table and answers its rows (header first) as the cells' texts. */
async function tableOf(page: Page, title: string, tableLabel: string): Promise<string[][]> {
  const figure = card(page, title);
  await figure.getByRole('button', { name: tableLabel, exact: true }).click();
  const table = figure.getByRole('table');
  await table.waitFor(SETTLED);
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
    ),
  );
}

/** The row whose first cell is `key`, by the header's names. */
function rowOf(rows: string[][], key: string): Record<string, string> {
  const row = rows.find((cells) => cells[0] === key);
  if (!row) throw new Error(`no row ${key} in ${JSON.stringify(rows)}`);
  return Object.fromEntries(rows[0]!.map((name, i) => [name, row[i]!]));
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key]));

describe('the operations dashboard', () => {
  for (const { userName, language, viewport } of [
    { userName: 'uw1', language: 'en', viewport: 'desktop' },
    { userName: 'admin1', language: 'cn_traditional', viewport: 'phone' },
  ] as const) {
    it(`O-12 O-13 (${userName}, ${viewport}, ${language}): the tables show the figures of a seeded data set, filtered by insurer, channel, product and today, from the address`, async () => {
      const texts = textsIn(dashboardTexts, language).dashboard;
      const status = (s: DisclosureStatus) => textIn(STATUS_NAMES[s], language as Language);
      await suite.setLanguage(userName, language);
      const page = await suite.signedIn(userName, {
        viewport,
        landing: userName === 'admin1' ? '/dashboard' : '/home',
      });
      try {
        if (viewport === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
        await page.goto(`${suite.baseUrl}${ADDRESS}`);
        await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);
        await card(page, texts.perDay.title).getByRole('img').waitFor(SETTLED);

        const perDay = rowOf(await tableOf(page, texts.perDay.title, texts.table), TODAY);
        for (const s of [1, 2, 3, 4, 5] as const) {
          expect(perDay[status(s)], status(s)).toBe(String(expected.perDay[s]));
        }
        const weekly = rowOf(await tableOf(page, texts.straightThrough.title, texts.table), WEEK);
        expect(weekly[texts.straightThrough.submitted]).toBe(String(expected.week.submitted));
        expect(weekly[texts.straightThrough.straightThrough]).toBe(
          String(expected.week.straightThrough),
        );

        const mix = await tableOf(page, texts.decisionMix.title, texts.table);
        for (const [indicator, counts] of expected.mix) {
          const row = rowOf(mix, indicator);
          for (const category of DECISION_CATEGORIES) {
            expect(row[texts.categories[category]], `${indicator} ${category}`).toBe(
              String(counts[category]),
            );
          }
        }

        const top = await tableOf(
          page,
          fill(texts.topConditions.title, { count: DASHBOARD_TOP }),
          texts.table,
        );
        const conditionRow = top.find(
          (cells) => cells[1] === String(expected.condition.disclosures),
        );
        expect(conditionRow?.[0]).toBeTruthy();

        const misses = rowOf(await tableOf(page, texts.searchMisses.title, texts.table), MISS);
        expect(misses[texts.searchMisses.count]).toBe('2');
        await card(page, texts.searchMisses.title).getByText(texts.searchMisses.note).waitFor();
        // O-13: the CSV of a table: a byte-order mark, translated headers, formulas neutralised.
        const download = page.waitForEvent('download');
        await card(page, texts.searchMisses.title)
          .getByRole('button', {
            name: fill(texts.downloadLabel, { title: texts.searchMisses.title }),
          })
          .click();
        const csv = await readFile(await (await download).path());
        expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = csv.subarray(3).toString('utf8').split('\r\n');
        expect(lines[0]).toBe(`${texts.searchMisses.term},${texts.searchMisses.count}`);
        expect(lines).toEqual(expect.arrayContaining([`${MISS},2`, `'${FORMULA},1`]));

        const durations = await tableOf(page, texts.durations.title, texts.table);
        expect(rowOf(durations, texts.durations.requestToSubmit)[texts.durations.count]).toBe(
          String(expected.requestToSubmit),
        );
        expect(rowOf(durations, texts.durations.submitToValidate)[texts.durations.count]).toBe(
          String(expected.submitToValidate),
        );

        const reasons = await tableOf(page, texts.rejections.title, texts.table);
        expect(rowOf(reasons, REASON)[texts.rejections.count]).toBe('1');
        const summary = await card(page, texts.rejections.title)
          .getByText(
            new RegExp(
              fill(texts.rejections.summary, {
                rejected: expected.rejected,
                reviewed: expected.reviewed,
                rate: '.+',
              }).replace(/[()（）]/g, '.'),
            ),
          )
          .textContent();
        expect(summary).toBeTruthy();

        const overrides = await tableOf(page, texts.overrides.title, texts.table);
        const overridden = overrides.find(
          (cells) => cells[0] === expected.condition.name && cells[1] === expected.catalogVersion,
        );
        expect(Number(overridden?.[2])).toBe(expected.overrides);

        // The page scrolls down only: nothing is wider than the window.
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await suite.screenshot(
          page,
          `dashboard-tables-${viewport === 'phone' ? 390 : 1366}-${language}`,
          {
            fullPage: true,
          },
        );

        // Back to the charts for the picture; reload keeps the filters of the address.
        await page.reload();
        await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor(SETTLED);
        expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(FILTERS);
        await card(page, texts.perDay.title).getByRole('img').waitFor(SETTLED);
        expect(await seriousViolations(page)).toEqual([]);
        await suite.screenshot(page, `dashboard-${viewport === 'phone' ? 390 : 1366}-${language}`, {
          fullPage: true,
        });
      } finally {
        await page.context().close();
        await suite.setLanguage(userName, 'en');
      }
    });
  }
});
