/**
 * A realistic disclosure to measure against: 10 impairments of 30 answered questions each,
 * every question type used, reflexive children opened, bands on the free-form answers.
 */
import type { AnswerMap } from '@vmer/domain/answers';
import { serializeHeight, serializeWeight } from '@vmer/domain/answers';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
import type {
  AnswerOption,
  Band,
  Catalog,
  Decision,
  DisclosureDocument,
  Impairment,
  Question,
  QuestionGroup,
  QuestionType,
} from '@vmer/domain/model';

export const INDICATORS = ['LIFE', 'CI', 'TPD', 'MED'];

const text = (en: string) => ({ en, cn_traditional: en });
const same = (value: string): Decision => Object.fromEntries(INDICATORS.map((i) => [i, value]));

function buildImpairment(k: number): { impairment: Impairment; answers: AnswerMap } {
  const uuid = `imp-${k}`;
  const groups: QuestionGroup[] = [0, 1, 2].map((g) => ({
    uuid: `${uuid}-g${g}`,
    index: g,
    header: text(`Group ${g}`),
  }));
  const questionList: Question[] = [];
  const answers: AnswerMap = {};
  let index = 0;
  const add = (
    type: QuestionType,
    parentUuid: string,
    options: { decision: Decision | null }[] = [],
    bands?: Band[],
  ): Question => {
    const q: Question = {
      uuid: `${uuid}-q${index}`,
      index,
      type,
      question: text(`Question ${index}`),
      parentUuid,
      uuidPath: uuid,
      level: parentUuid === uuid ? 1 : 2,
      group: groups[index % 3]!,
      answerList: options.map((o, i): AnswerOption => ({
        uuid: `${uuid}-q${index}-o${i}`,
        label: text(`Option ${i}`),
        decision: o.decision,
        hasDecision: o.decision !== null,
        parentUuid: `${uuid}-q${index}`,
      })),
      answer: null,
      choiceList: [],
      decision: null,
      ...(bands ? { bands } : {}),
    };
    index++;
    questionList.push(q);
    return q;
  };
  const choose = (q: Question, ...picks: number[]): void => {
    answers[q.uuid] = picks.map((p) => q.answerList[p]!.uuid);
  };

  for (let i = 0; i < 9; i++) {
    choose(
      add('R', uuid, [{ decision: same(i % 4 === 0 ? '25' : '0') }, { decision: same('U') }]),
      0,
    );
  }
  for (let i = 0; i < 5; i++) {
    const parent = add('R', uuid, [{ decision: null }, { decision: same('0') }]);
    choose(parent, 0);
    const child = add('S', parent.answerList[0]!.uuid, [
      { decision: { LIFE: '50', CI: 'EX1', TPD: '0', MED: 'EX2' } },
      { decision: same('D') },
    ]);
    choose(child, 0);
  }
  for (let i = 0; i < 3; i++) {
    choose(
      add(
        'C',
        uuid,
        [0, 1, 2, 3].map(() => ({ decision: same('0') })),
      ),
      1,
      2,
    );
  }
  choose(
    add('M', uuid, [{ decision: same('25') }, { decision: same('0') }, { decision: same('P') }]),
    0,
    1,
  );
  for (let i = 0; i < 2; i++) {
    const q = add('N', uuid, [], [{ below: 140, decision: same('0') }, { decision: same('50') }]);
    answers[q.uuid] = [{ value: String(120 + i * 30), unit: 'mmHg' }];
  }
  const diagnosed = add(
    'D',
    uuid,
    [],
    [{ maxMonths: 6, decision: same('P') }, { decision: same('0') }],
  );
  answers[diagnosed.uuid] = { value: '2019-03-01', exact: true, zoneId: 'Asia/Hong_Kong' };
  const lastSeen = add('D', uuid);
  answers[lastSeen.uuid] = { value: '2025-11-01', exact: false, zoneId: 'Asia/Hong_Kong' };
  const height = add('H', uuid, [], [{ below: 150, decision: same('U') }, { decision: same('0') }]);
  answers[height.uuid] = serializeHeight({ cm: 170, ft: 5, inch: 6.93 });
  const weight = add('W', uuid, [], [{ below: 120, decision: same('0') }, { decision: same('U') }]);
  answers[weight.uuid] = serializeWeight({ kg: 70, lb: 154.32 });
  const notes = add('T', uuid);
  answers[notes.uuid] = [{ value: 'Seen by a specialist twice a year', unit: '' }];

  const impairment: Impairment = {
    uuid,
    name: text(`Impairment ${k}`),
    gender: 'Both',
    decision: INDICATORS,
    exNoList: ['EX1', 'EX2'],
    questionList,
    selfDefined: false,
  };
  return { impairment, answers };
}

/** The chosen impairments with their answers, as the screen holds them. */
export function disclosureState(): ChosenImpairment[] {
  return Array.from({ length: 10 }, (_, k) => buildImpairment(k));
}

/** The same disclosure as the document save and submit send. */
export function disclosureDocument(chosen: readonly ChosenImpairment[]): DisclosureDocument {
  return {
    schemaVersion: 1,
    catalogVersion: 'bench',
    profile: { age: 45, gender: 'Male', rsmScore: 'A' },
    impairments: chosen.map(({ impairment, answers }) => ({
      uuid: impairment.uuid,
      name: impairment.name.en,
      selfDefined: false,
      answers: Object.entries(answers).map(([questionUuid, answer]) => ({ questionUuid, answer })),
    })),
  };
}

/** How many answers the disclosure holds (300). */
export function answerCount(chosen: readonly ChosenImpairment[]): number {
  return chosen.reduce((n, c) => n + Object.keys(c.answers).length, 0);
}

/** A catalogue holding the disclosure's impairments, as the server would load it. */
export function disclosureCatalog(chosen: readonly ChosenImpairment[]): Catalog {
  return {
    notes: 'benchmark',
    indicators: INDICATORS.map((code) => ({ code, label: text(code) })),
    exclusions: [],
    ruleAgeList: [],
    smokingLists: [],
    settings: {
      highLowBmiImpairmentName: 'High / Low BMI',
      abnormalBmiImpairmentName: 'Abnormal BMI',
      otherImpairment: 'other-impairment',
    },
    insurers: [],
    impairments: chosen.map((c) => c.impairment),
  };
}
