import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@vmer/domain/model';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { option } from './fixtures.tsx';
import {
  ASTHMA,
  impairment,
  loadSubmitted,
  questionOf,
  radio,
  renderScreen,
} from './screen-fixtures.tsx';

afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('afterprint'));
  });
});

/** A condition answered in lines with units, a date, and an optional question left blank. */
const ANAEMIA = impairment('anaemia', 'Anaemia', 'Both', [
  questionOf('N', 'anaemia', 'hb', 1, {
    question: { en: 'Lowest haemoglobin', cn_traditional: '最低血紅素' },
    units: ['g/dL', 'g/L'],
  }),
  questionOf('D', 'anaemia', 'found', 2, {
    question: { en: 'When was it found?', cn_traditional: '何時發現？' },
  }),
  questionOf('T', 'anaemia', 'notes', 3, {
    mandatory: 'N',
    question: { en: 'Anything else?', cn_traditional: '其他？' },
  }),
]);

/** Asthma as these printouts answer it: a6 Yes, the rest No. */
const ASTHMA_ANSWERS = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((n) => [`a${n}`, [`a${n}-${n === 6 ? 'yes' : 'no'}`]]),
);

/**
 * The screen holding a submitted disclosure: Asthma (two pages, a6 answered Yes, the rest No)
 * and Anaemia; the profile filled in.
 */
async function openDisclosure(insurerCode: 'phkl' | 'slhk' = 'phkl', language: Language = 'en') {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const view = await renderScreen({ insurerCode });
  loadSubmitted(view.store, {
    applicationNumber: 'APP42',
    profile: {
      birthDate: '02021988',
      age: 38,
      gender: 'Female',
      rsmScore: 'C',
      height: '{"cm":158,"ft":5,"inch":2.2}',
      weight: '{"kg":60,"lb":132.28}',
      smokingStatus: 'never',
    },
    chosen: [
      { impairment: ASTHMA, answers: ASTHMA_ANSWERS },
      {
        impairment: ANAEMIA,
        answers: {
          hb: [{ value: '9.5', unit: 'g/dL' }],
          found: { value: '2015-03-01', exact: true, zoneId: 'Asia/Hong_Kong' },
        },
      },
    ],
  });
  const article = view.container.querySelector('article')!;
  return { ...view, article };
}

const print = () =>
  act(() => {
    window.dispatchEvent(new Event('beforeprint'));
  });

// jsdom lays out for the screen, where the printout is display: none; hence `hidden: true`.
const printed = (article: HTMLElement) => {
  const inside = within(article);
  return {
    ...inside,
    role: (role: string, name?: string | RegExp) =>
      inside.getByRole(role, { hidden: true, ...(name === undefined ? {} : { name }) }),
    roles: (role: string) => inside.queryAllByRole(role, { hidden: true }),
  };
};

describe('the printed disclosure', () => {
  it('renders only while printing (beforeprint to afterprint), never shown on screen', async () => {
    const { article } = await openDisclosure();
    expect(getComputedStyle(article).display).toBe('none');
    expect(article.childElementCount).toBe(0);
    print();
    expect(article.querySelectorAll('[data-question]')).toHaveLength(9);
    expect(getComputedStyle(article).display).toBe('none');
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(article.childElementCount).toBe(0);
  });

  it('F-05 prints its questions as plain elements under one stylesheet, none a styled component of its own', async () => {
    const { article } = await openDisclosure();
    print();
    const questions = [...article.querySelectorAll('section[data-question]')];
    expect(questions).toHaveLength(9);
    // What MUI's components render carries their class names (Mui…) and a style of its own (css-…).
    for (const question of questions)
      expect(question.outerHTML).not.toMatch(/class="[^"]*\b(Mui|css-)/);
  });

  it('holds the profile, every condition, every page with its answers as text, and the decisions', async () => {
    const { article } = await openDisclosure();
    print();
    const paper = printed(article);
    expect(paper.roles('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H1', 'Video MER'],
      ['H2', 'Customer profile / Basic information'],
      ['H2', 'Questionnaire'],
      ['H2', 'Video MER disclosure'],
      ['H3', 'Asthma - Page 1 - History'],
      ['H3', 'Asthma - Page 2 - History'],
      ['H3', 'Anaemia - Page 1 - History'],
      ['H3', 'Decisions'],
    ]);

    const profile = paper.role('region', 'Customer profile / Basic information');
    const fact = (label: string) =>
      within(profile).getByRole('rowheader', { hidden: true, name: label }).nextSibling
        ?.textContent;
    expect(fact('Application number')).toBe('APP42');
    expect(fact('Birth date')).toBe('02/02/1988');
    expect(fact('Gender')).toBe('Female');
    expect(fact('Height')).toBe('158 cm (5 ft 2.2 in)');
    expect(fact('Weight')).toBe('60 kg (132.28 lb)');
    expect(fact('Smoking status')).toBe('never (B)');
    const conditions = paper.role('list', 'Chosen conditions');
    expect(
      within(conditions)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['Asthma', 'Anaemia']);

    // Page 2's answer is on paper beside page 1's, the choice read-only and marked.
    const a6 = paper.role('radiogroup', /Question a6$/);
    expect(a6.getAttribute('aria-readonly')).toBe('true');
    expect(
      within(a6).getByRole('radio', { hidden: true, name: 'Yes' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(a6).getByRole('radio', { hidden: true, name: 'No' }).getAttribute('aria-checked'),
    ).toBe('false');
    const answer = (question: RegExp) => paper.role('group', question).textContent;
    expect(answer(/^7\. ?Lowest haemoglobin$/)).toBe('9.5 g/dL');
    expect(answer(/^8\. ?When was it found\?$/)).toBe('01/03/2015');
    expect(answer(/^9\. ?Anything else\?$/)).toBe('Not answered');
    // Text, not inputs: nothing on paper can be typed into or pressed.
    expect(article.querySelectorAll('input, textarea, button, [role="combobox"]')).toHaveLength(0);

    const decisions = within(paper.role('region', 'Decisions')).getByRole('table', {
      hidden: true,
    });
    expect(
      within(decisions)
        .getAllByRole('columnheader', { hidden: true })
        .map((th) => th.textContent),
    ).toEqual(['Condition', 'Life']);
    const row = (name: string) =>
      within(decisions)
        .getByRole('rowheader', { hidden: true, name })
        .closest('tr')!
        .querySelectorAll('td')[0]!.textContent;
    expect(row('Asthma')).toBe('25');
    expect(row('Consolidated decision')).toBeTruthy();
  });

  it('is written in the interface language', async () => {
    const { article } = await openDisclosure('phkl', 'cn_traditional');
    print();
    const paper = printed(article);
    expect(paper.role('heading', '客戶資料 / 基本資料')).toBeTruthy();
    expect(paper.role('heading', 'Asthma（中） - 第 1 頁 - History')).toBeTruthy();
    expect(paper.role('rowheader', '出生日期')).toBeTruthy();
    expect(paper.role('group', /其他？$/).textContent).toBe('未回答');
  });

  it('T-13 on paper in Chinese the height and weight units are Chinese', async () => {
    const { article } = await openDisclosure('phkl', 'cn_traditional');
    print();
    const paper = printed(article);
    const fact = (label: string) => paper.role('rowheader', label).nextSibling?.textContent;
    expect(fact('身高')).toBe('158 厘米 (5 呎 2.2 吋)');
    expect(fact('體重')).toBe('60 公斤 (132.28 磅)');
  });

  it('M-24 an slhk printout starts with the cover image, in the page but hidden on screen; phkl has none', async () => {
    const slhk = await openDisclosure('slhk');
    const cover = slhk.article.querySelector('img');
    expect(cover).not.toBeNull();
    expect(slhk.article.firstElementChild).toBe(cover);
    print();
    expect(slhk.article.firstElementChild).toBe(cover);
    expect(getComputedStyle(slhk.article).display).toBe('none');
    slhk.unmount();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });

    const phkl = await openDisclosure('phkl');
    print();
    expect(phkl.article.querySelector('img')).toBeNull();
  });

  it('lists what drove each decision, and the wording of every exclusion named', async () => {
    const knee = impairment('knee', 'Knee injury', 'Both', [
      {
        ...radio('k1', 'knee', 1),
        answerList: [
          option('k1-no', 'No', { parentUuid: 'k1', decision: { LIFE: '0' } }),
          option('k1-yes', 'Yes', { parentUuid: 'k1', decision: { LIFE: 'EX1' } }),
        ],
      },
    ]);
    const view = await renderScreen({
      exWordingList: [
        {
          code: 'EX1',
          wording: {
            en: 'Any claim arising from the right knee is excluded.',
            cn_traditional: '因右膝引起的任何索償均不受保。',
          },
        },
      ],
    });
    loadSubmitted(view.store, {
      applicationNumber: 'APP43',
      profile: { age: 40, gender: 'Male', rsmScore: 'A' },
      chosen: [
        { impairment: ASTHMA, answers: ASTHMA_ANSWERS },
        { impairment: knee, answers: { k1: ['k1-yes'] } },
      ],
    });
    print();
    const paper = printed(view.container.querySelector('article')!);

    const why = paper.role('region', 'Why: Asthma');
    expect(within(why).getByText('Life: 25')).toBeTruthy();
    expect(
      within(why)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual([
      'Question 1: No → 0',
      'Question 2: No → 0',
      'Question 3: No → 0',
      'Question 4: No → 0',
      'Question 5: No → 0',
      'Question 6: Yes → 25',
    ]);
    expect(within(paper.role('region', 'Why: Knee injury')).getByText('Life: EX1')).toBeTruthy();

    const exclusions = paper.role('region', 'Exclusions');
    expect(
      within(exclusions)
        .getAllByRole('row', { hidden: true })
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([['EX1', 'Any claim arising from the right knee is excluded.']]);
    // Paper has nothing to expand.
    expect(view.container.querySelector('article button')).toBeNull();
  });
});
