import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerMap } from '@vmer/domain/answers';
import type { Profile } from '@vmer/domain/model';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import { disclosureLoaded, NEW_SESSION } from '../questionnaire-slice.ts';
import { option } from './fixtures.tsx';
import { impairment, questionOf, renderScreen } from './screen-fixtures.tsx';
import { textbox } from './screen-steps.ts';

afterEach(() => window.localStorage.removeItem(LANGUAGE_STORAGE_KEY));

const text = (en: string) => ({ en, cn_traditional: `${en}（中）` });

/** A condition with a diagnosis date, a reading bounded 50–300 and a smoking question. */
const CHECKED = impairment('checked', 'Checked condition', 'Both', [
  questionOf('D', 'checked', 'diagnosed', 1, { question: text('When was it diagnosed?') }),
  questionOf('N', 'checked', 'reading', 2, {
    question: text('Latest reading'),
    min: 50,
    max: 300,
    bands: [{ below: 140, decision: { LIFE: '0' } }, { decision: { LIFE: '50' } }],
  }),
  questionOf('R', 'checked', 'smoking', 3, {
    question: text('Smoking habit'),
    answerList: [
      option('smoking-heavy', 'Smokes', { parentUuid: 'smoking', smokingValue: 'heavy' }),
      option('smoking-never', 'Never smoked', { parentUuid: 'smoking', smokingValue: 'never' }),
    ],
  }),
]);

const PLAUSIBLE: AnswerMap = {
  diagnosed: { value: '2015-03-01', exact: true, zoneId: 'Asia/Hong_Kong' },
  reading: [{ value: '120', unit: '' }],
  smoking: ['smoking-never'],
};

const PROFILE: Profile = { age: 45, gender: 'Male', rsmScore: 'A', smokingStatus: 'never' };

async function open(answers: AnswerMap, profile: Partial<Profile> = {}) {
  const view = await renderScreen();
  act(() => {
    view.store.dispatch(
      disclosureLoaded({
        session: { ...NEW_SESSION },
        applicationNumber: 'APP17',
        profile: { ...PROFILE, ...profile },
        chosen: [{ impairment: CHECKED, answers: { ...PLAUSIBLE, ...answers } }],
      }),
    );
  });
  return view;
}

const questionRegion = (name: RegExp) => screen.getByRole('region', { name });
const lifeDecision = () => {
  const row = document.querySelector('tr[data-impairment="checked"]') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};
const saveButton = () => screen.getByRole('button', { name: /^(Save|儲存)$/ }) as HTMLButtonElement;

describe('plausibility on screen (I-16 to I-22)', () => {
  it('I-16 I-22 a diagnosis dated 2090 is refused at the question: no decision, Save off, until corrected', async () => {
    const view = await open({
      diagnosed: { value: '2090-01-01', exact: true, zoneId: 'Asia/Hong_Kong' },
    });
    const region = questionRegion(/When was it diagnosed\?$/);
    expect(within(region).getByRole('alert').textContent).toBe('This date cannot be in the future');
    expect(lifeDecision()).toEqual(['Not complete']);
    expect(saveButton().disabled).toBe(true);
    act(() => {
      view.store.dispatch(
        disclosureLoaded({
          session: { ...NEW_SESSION },
          applicationNumber: 'APP17',
          profile: PROFILE,
          chosen: [{ impairment: CHECKED, answers: PLAUSIBLE }],
        }),
      );
    });
    expect(within(questionRegion(/When was it diagnosed\?$/)).queryByRole('alert')).toBeNull();
    expect(lifeDecision()).toEqual(['U']);
    expect(saveButton().disabled).toBe(false);
  });

  it('I-16 a date before the birth date is refused at the question, in Chinese too', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    await open(
      { diagnosed: { value: '1975-05-01', exact: true, zoneId: 'Asia/Hong_Kong' } },
      { birthDate: '01031981' },
    );
    const region = questionRegion(/When was it diagnosed\?（中）$/);
    expect(within(region).getByRole('alert').textContent).toBe('此日期不能早於出生日期');
  });

  it("I-19 I-22 a reading typed above its question's max is refused as it is typed; the condition decides nothing", async () => {
    await open({ reading: [{ value: '', unit: '' }] });
    const region = questionRegion(/Latest reading$/);
    await userEvent.type(within(region).getByRole('textbox'), '1850');
    expect(within(region).getByRole('alert').textContent).toBe(
      'The number must be between 50 and 300',
    );
    expect(lifeDecision()).toEqual(['Not complete']);
    expect(saveButton().disabled).toBe(true);
  });

  it('I-21 a smoking answer contradicting the smoking status is refused at the question', async () => {
    await open({ smoking: ['smoking-heavy'] });
    const region = questionRegion(/Smoking habit$/);
    expect(within(region).getByRole('alert').textContent).toBe(
      'This answer contradicts the smoking status in the basic information',
    );
    expect(lifeDecision()).toEqual(['Not complete']);
  });

  it('I-18 a height of 1701 cm and a weight of 351 kg are refused at their fields, Save off', async () => {
    await open({});
    expect(saveButton().disabled).toBe(false);
    await userEvent.type(textbox(/Height \(cm\)/), '1701');
    expect(screen.getByText('Height must be between 50 and 250 cm')).toBeTruthy();
    expect(textbox(/Height \(cm\)/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(textbox(/Weight \(kg\)/), '351');
    expect(screen.getByText('Weight must be between 20 and 350 kg')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('I-17 a birth date disagreeing with the age is refused at the birth date, naming the age it gives, in Chinese', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    // Born on 1 January thirty years ago: 30 at the last birthday on any day of this year.
    const birthDate = `0101${new Date().getFullYear() - 30}`;
    await open({}, { birthDate, age: 45 });
    const field = screen.getByRole('textbox', { name: /^出生日期/ });
    const helpId = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(helpId)?.textContent).toBe(
      '按出生日期計算，年齡應為 30 歲：請核對出生日期或年齡',
    );
    expect(saveButton().disabled).toBe(true);
  });
});
