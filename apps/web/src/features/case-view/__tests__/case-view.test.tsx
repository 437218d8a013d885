import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import type { AuditEntry } from '@vmer/domain/lifecycle';
import type { Language } from '@vmer/domain/model';
import type { RevisionCompare, RevisionSummary } from '@vmer/domain/workbench';
import { addScreenTexts } from '../../../lib/i18n.ts';
import { envelope, onEndpoint } from '../../../test/mock-api.ts';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { option } from '../../questionnaire/__tests__/fixtures.tsx';
import {
  ASTHMA,
  impairment,
  loadSubmitted,
  questionOf,
  renderScreen,
} from '../../questionnaire/__tests__/screen-fixtures.tsx';
import { ViewModeTabs } from '../components/view-mode-tabs.tsx';
import { caseViewTexts } from '../locales.ts';

addScreenTexts(caseViewTexts);

const DISCLOSURE_ID = '00000000-0000-4000-8000-0000000000aa';

/** Gallstones: a weight lost in kg, and an operation whose answer excludes the gallbladder. */
const GALLSTONES = impairment('gallstones', 'Gallstones', 'Both', [
  questionOf('N', 'gallstones', 'lost', 1, {
    question: { en: 'How much weight was lost?', cn_traditional: '體重減輕了多少？' },
    units: ['kg', 'lb'],
    bands: [{ from: 0, decision: { LIFE: '0' } }],
  }),
  questionOf('R', 'gallstones', 'operated', 2, {
    question: { en: 'Was it <b>operated</b> on?', cn_traditional: '曾否接受手術？' },
    answerList: [
      option('operated-no', 'No, not operated', {
        parentUuid: 'operated',
        decision: { LIFE: 'EX2' },
      }),
      option('operated-yes', 'Yes', { parentUuid: 'operated', decision: { LIFE: '0' } }),
    ],
  }),
]);

const at = (minute: number) => `2026-11-20T09:0${minute}:00.000Z`;
const entry = (over: Partial<AuditEntry> & Pick<AuditEntry, 'operation'>): AuditEntry => ({
  at: at(1),
  actor: 'interviewer1',
  fromStatus: 2,
  toStatus: 2,
  catalogVersion: '7',
  payloadSha256: null,
  reason: null,
  revision: null,
  ...over,
});

/** Saved, submitted, rejected with a reason, corrected and submitted again, then claimed. */
const AUDIT: AuditEntry[] = [
  entry({ operation: 'request', at: at(1), actor: 'caller-system', fromStatus: null, toStatus: 1 }),
  entry({ operation: 'save', at: at(2), fromStatus: 1, toStatus: 2, revision: 1 }),
  entry({ operation: 'submit', at: at(3), fromStatus: 2, toStatus: 3, revision: 2 }),
  entry({
    operation: 'reject',
    at: at(4),
    actor: 'uw1',
    fromStatus: 3,
    toStatus: 5,
    reason: 'Please give the weight lost.',
  }),
  entry({ operation: 'save', at: at(5), fromStatus: 5, toStatus: 2, revision: 3 }),
  entry({ operation: 'submit', at: at(5), fromStatus: 2, toStatus: 3, revision: 4 }),
  entry({ operation: 'claim', at: at(6), actor: 'uw1', fromStatus: 3, toStatus: 3 }),
  entry({
    operation: 'override',
    at: at(7),
    actor: 'uw1',
    fromStatus: 3,
    toStatus: 3,
    reason: 'medical_evidence: Scan normal (Gallstones LIFE: 0 → EX2)',
  }),
];

const revision = (n: number, operation: string, status: RevisionSummary['status']) => ({
  revision: n,
  operation,
  status,
  catalogVersion: '7',
  actor: 'interviewer1',
  at: AUDIT.find((e) => e.revision === n)!.at,
});
const REVISIONS: RevisionSummary[] = [
  revision(1, 'save', 2),
  revision(2, 'submit', 3),
  revision(3, 'save', 2),
  revision(4, 'submit', 3),
];

const NO_CHANGES = (from: number, to: number): RevisionCompare => ({
  from: REVISIONS[from - 1]!,
  to: REVISIONS[to - 1]!,
  profile: [],
  conditionsAdded: [],
  conditionsRemoved: [],
  answers: [],
  decisions: [],
});

/** What changed between the rejected revision 2 and revision 4. */
const CHANGES = (from: number, to: number): RevisionCompare => ({
  ...NO_CHANGES(from, to),
  profile: [{ field: 'Weight', before: '70 kg (154.32 lb)', after: '65 kg (143.3 lb)' }],
  conditionsAdded: ['Asthma'],
  answers: [
    {
      condition: 'Gallstones',
      change: 'changed',
      before: { questionUuid: 'operated', question: 'Was it operated on?', answer: 'Yes' },
      after: {
        questionUuid: 'operated',
        question: 'Was it operated on?',
        answer: 'No, not operated',
      },
    },
    {
      condition: 'Gallstones',
      change: 'added',
      before: null,
      after: { questionUuid: 'lost', question: 'How much weight was lost?', answer: '5 kg' },
    },
  ],
  decisions: [{ condition: 'Gallstones', indicator: 'LIFE', before: '0', after: 'EX2' }],
});

interface CaseOptions {
  language?: Language;
  audit?: AuditEntry[];
  revisions?: RevisionSummary[];
  compare?: (from: number, to: number) => RevisionCompare;
}

/**
 * The questionnaire screen with the case view's tabs, as the app's route composes it, holding
 * a submitted disclosure in view mode: Gallstones (5 kg lost, not operated) and Asthma's first
 * question answered No. The disclosure's audit trail, revisions and comparisons are answered
 * from the arguments; every comparison asked for is recorded as "from→to".
 */
async function openCase({
  language = 'en',
  audit = AUDIT,
  revisions = REVISIONS,
  compare = CHANGES,
}: CaseOptions = {}) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const compared: string[] = [];
  const view = await renderScreen({
    viewTabs: ViewModeTabs,
    exWordingList: [
      {
        code: 'EX2',
        wording: { en: 'Any disease of the gallbladder', cn_traditional: '膽囊疾病' },
      },
    ],
    handlers: [
      onEndpoint(endpoints.disclosureAudit, ({ params }) =>
        params.id === DISCLOSURE_ID ? envelope(audit) : undefined,
      ),
      onEndpoint(endpoints.disclosureRevisions, () => envelope(revisions)),
      onEndpoint(endpoints.disclosureCompare, ({ request }) => {
        const url = new URL(request.url);
        const [from, to] = ['from', 'to'].map((name) => Number(url.searchParams.get(name)));
        compared.push(`${from}→${to}`);
        return envelope(compare(from!, to!));
      }),
    ],
  });
  loadSubmitted(view.store, {
    applicationNumber: 'CASE42',
    profile: {
      age: 45,
      gender: 'Male',
      rsmScore: 'A',
      height: '{"cm":170,"ft":5,"inch":6.93}',
      weight: '{"kg":65,"lb":143.3}',
      bmi: 22.5,
      smokingStatus: 'never',
    },
    chosen: [
      {
        impairment: GALLSTONES,
        answers: { lost: [{ value: '5', unit: 'kg' }], operated: ['operated-no'] },
      },
      { impairment: ASTHMA, answers: { a1: ['a1-no'] } },
    ],
  });
  return { ...view, compared };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

describe('the case view of a disclosure in view mode', () => {
  it('W-11 opens on the Case tab: the basic information as a description list, each shown question with its number and its answer in words with its unit', async () => {
    await openCase();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Case',
      'Form',
      'Timeline',
      'Compare',
    ]);
    expect(tab('Case').getAttribute('aria-selected')).toBe('true');
    const readable = panel();
    expect(readable.getAttribute('aria-labelledby')).toBe(tab('Case').id);

    const basic = within(readable).getByRole('region', {
      name: 'Customer profile / Basic information',
    });
    const facts = Object.fromEntries(
      within(basic)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      'Application number': 'CASE42',
      Age: '45',
      Gender: 'Male',
      Height: '170 cm (5 ft 6.93 in)',
      Weight: '65 kg (143.3 lb)',
      BMI: '22.5',
      'Smoking status': 'never (B)',
    });

    const gallstones = within(readable).getByRole('region', { name: 'Gallstones' });
    const answers = within(gallstones)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(answers).toEqual([
      ['1.How much weight was lost?', '5 kg'],
      ['2.Was it operated on?', 'No, not operated'],
    ]);
    // Asthma's questions follow on from Gallstones' numbers, as on screen.
    const asthma = within(readable).getByRole('region', { name: 'Asthma' });
    expect(within(asthma).getAllByRole('term')[0]!.textContent).toBe('3.Question a1');
    expect(within(asthma).getAllByRole('definition')[0]!.textContent).toBe('No');
    expect(within(asthma).getAllByRole('definition')[1]!.textContent).toBe('Not answered');
    // Text, not inputs.
    expect(readable.querySelectorAll('input, textarea, [role="combobox"]')).toHaveLength(0);
  });

  it('W-11 the Case tab gives each decision in its colours, what drove it, and the exclusion codes written out as their wordings', async () => {
    await openCase();
    const decisions = within(panel()).getByRole('region', { name: 'Decisions' });
    const cell = within(decisions)
      .getByRole('rowheader', { name: 'Gallstones' })
      .closest('tr')!
      .querySelector('td')!;
    expect(cell.textContent).toBe('EX2');
    expect(cell.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('exclusion');
    expect(within(decisions).getByRole('region', { name: /Gallstones/ }).textContent).toMatch(
      /Question 2.*No, not operated.*EX2/,
    );
    const exclusions = within(panel()).getByRole('region', { name: 'Exclusions' });
    expect(
      within(exclusions).getByRole('rowheader', { name: 'EX2' }).nextSibling?.textContent,
    ).toBe('Any disease of the gallbladder');
  });

  it('W-11 the Form tab shows the read-only form of view mode, and the tabs move with the arrow keys', async () => {
    await openCase();
    const user = userEvent.setup();
    await user.click(tab('Form'));
    expect(tab('Form').getAttribute('aria-selected')).toBe('true');
    const form = panel();
    expect(within(form).getByRole('textbox', { name: 'Application number' })).toHaveProperty(
      'disabled',
      true,
    );
    for (const radio of within(form).getAllByRole('radio'))
      expect(radio).toHaveProperty('disabled', true);

    await user.keyboard('{ArrowRight}');
    expect(tab('Timeline')).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(tab('Timeline').getAttribute('aria-selected')).toBe('true');
  });

  it('W-12 the Timeline tab lists every entry of the audit trail: what happened, who, when, from and to which status, the catalogue version and the reason', async () => {
    await openCase();
    await userEvent.click(tab('Timeline'));
    const timeline = await within(panel()).findByRole('list');
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual([
      'Requested',
      'Saved',
      'Submitted',
      'Rejected',
      'Saved',
      'Submitted',
      'Review started',
      'Decision overridden',
    ]);
    const rejected = items[3]!;
    expect(rejected.textContent).toContain('by uw1');
    expect(rejected.textContent).toContain('Status: Submitted → Rejected');
    expect(rejected.textContent).toContain('Catalogue version 7');
    expect(rejected.textContent).toContain('Reason: Please give the weight lost.');
    expect(rejected.querySelector('time')?.getAttribute('dateTime')).toBe(AUDIT[3]!.at);
    expect(rejected.querySelector('time')?.textContent).toMatch(/20 Nov 2026/);
    expect(items[0]!.textContent).toContain('by caller-system');
    expect(items[0]!.textContent).toContain('Status: New');
    expect(items[6]!.textContent).toContain('Status: Submitted');
    // An override's reason code in words, its note and change as the trail keeps them.
    expect(items[7]!.textContent).toContain(
      'Reason: Further medical evidence: Scan normal (Gallstones LIFE: 0 → EX2)',
    );
    expect(items[2]!.textContent).toContain('Revision 2');
    expect(items[2]!.textContent).not.toContain('Reason');
  });

  it('W-12 W-13 a revision picked in the timeline opens the compare view on it against the one before', async () => {
    const { compared } = await openCase();
    await userEvent.click(tab('Timeline'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Compare revision 3 with the one before' }),
    );
    expect(tab('Compare').getAttribute('aria-selected')).toBe('true');
    await within(panel()).findByRole('heading', { name: 'Answers' });
    expect(compared).toEqual(['2→3']);
    expect(screen.getByRole('combobox', { name: 'From revision' }).textContent).toMatch(
      /^Revision 2: Submitted/,
    );
    expect(screen.getByRole('combobox', { name: 'To revision' }).textContent).toMatch(
      /^Revision 3: Saved/,
    );
  });

  it('W-13 W-21 Compare opens on what changed since the last rejection: profile, conditions, answers before and after with their question, decisions before and after in their colours', async () => {
    const { compared } = await openCase();
    await userEvent.click(tab('Compare'));
    const compare = panel();
    await within(compare).findByRole('heading', { name: 'Answers' });
    // Revision 2 was the one rejected; revision 4 is the latest.
    expect(compared).toEqual(['2→4']);
    expect(
      within(compare)
        .getAllByRole('heading')
        .map((h) => [h.tagName, h.textContent]),
    ).toEqual([
      ['H2', 'Compare two revisions'],
      ['H3', 'Basic information'],
      ['H3', 'Conditions added'],
      ['H3', 'Answers'],
      ['H3', 'Decisions'],
    ]);
    const profile = within(compare).getByRole('region', { name: 'Basic information' });
    expect(
      within(profile).getByRole('rowheader', { name: 'Weight' }).closest('tr')?.textContent,
    ).toBe('Weight70 kg (154.32 lb)65 kg (143.3 lb)');
    const added = within(compare).getByRole('region', { name: 'Conditions added' });
    expect(within(added).getByRole('listitem').textContent).toBe('Asthma');

    const answers = within(within(compare).getByRole('region', { name: 'Answers' })).getAllByRole(
      'listitem',
    );
    expect(answers[0]!.textContent).toContain('Gallstones · Changed');
    expect(answers[0]!.textContent).toContain('Was it operated on?');
    const changed = Object.fromEntries(
      within(answers[0]!)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(changed).toEqual({ 'Before:': 'Yes', 'After:': 'No, not operated' });
    expect(answers[1]!.textContent).toContain('Gallstones · Added');
    expect(
      within(answers[1]!)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['After:']);

    const decisions = within(compare).getByRole('region', { name: 'Decisions' });
    const row = within(decisions).getByRole('rowheader', { name: 'Gallstones' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Life',
      '0',
      'EX2',
    ]);
    expect(
      [...row.querySelectorAll('[data-tone]')].map((value) => value.getAttribute('data-tone')),
    ).toEqual(['standard', 'exclusion']);
  });

  it('W-13 two other revisions chosen in the selects are compared; none differing reads "No differences"', async () => {
    const { compared } = await openCase({ compare: NO_CHANGES });
    await userEvent.click(tab('Compare'));
    expect(await within(panel()).findByRole('status')).toHaveProperty(
      'textContent',
      'No differences',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'From revision' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Revision 1: Saved/ }));
    await within(panel()).findByText('No differences');
    expect(compared).toEqual(['2→4', '1→4']);
  });

  it('W-13 without a rejection Compare opens on the latest revision against the one before; one revision alone has nothing to compare', async () => {
    const submitted = AUDIT.slice(0, 3);
    const first = await openCase({ audit: submitted, revisions: REVISIONS.slice(0, 2) });
    await userEvent.click(tab('Compare'));
    await within(panel()).findByRole('heading', { name: 'Answers' });
    expect(first.compared).toEqual(['1→2']);
    first.unmount();

    const only = await openCase({ audit: AUDIT.slice(0, 2), revisions: REVISIONS.slice(0, 1) });
    await userEvent.click(tab('Compare'));
    await within(panel()).findByText(
      'This disclosure has one revision so far: there is nothing to compare yet.',
    );
    expect(only.compared).toEqual([]);
  });

  it('W-11 W-12 W-13 in Chinese: the tabs, the timeline and the comparison are Traditional Chinese', async () => {
    await openCase({ language: 'cn_traditional' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '個案',
      '表格',
      '時間線',
      '比較',
    ]);
    expect(within(panel()).getByRole('region', { name: '客戶資料 / 基本資料' })).toBeTruthy();
    await userEvent.click(tab('時間線'));
    const items = within(await within(panel()).findByRole('list')).getAllByRole('listitem');
    expect(items[3]!.textContent).toContain('已退回');
    expect(items[3]!.textContent).toContain('由 uw1');
    expect(items[3]!.textContent).toContain('狀態：已提交 → 已退回');
    expect(items[3]!.textContent).toContain('原因：Please give the weight lost.');
    expect(items[7]!.textContent).toContain('原因：進一步醫療證明: Scan normal');
    await userEvent.click(tab('比較'));
    await within(panel()).findByRole('heading', { name: '答案' });
    expect(within(panel()).getByText('Gallstones · 更改')).toBeTruthy();
    const changed = within(panel()).getByText('Gallstones · 更改').closest('li')!;
    expect(
      within(changed)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['之前：', '之後：']);
  });
});
