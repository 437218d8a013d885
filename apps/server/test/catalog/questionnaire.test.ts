import type { DiseaseListEntry, Impairment, Question, UserInfo } from '@vmer/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, DATABASES, tokenFor, type TestApp, putLanguage } from '../helpers.ts';
import { activateSound } from './catalog-support.ts';
import { PHKL } from '../disclosures/fixtures.ts';

interface InsurerEntry {
  insurerCode: string;
  channel: string;
  productCode: string;
  insurerName: { en: string; cn_traditional: string };
  productName: { en: string; cn_traditional: string };
  smokingList: 'A' | 'B';
  lastAgeOption: boolean;
  printCover: boolean;
}

const USERS = ['interviewer1', 'agent1', 'uw1', 'uw2', 'admin1'] as const;
type DemoUser = (typeof USERS)[number];
const INSURERS: Record<DemoUser, string[]> = {
  interviewer1: ['phkl'],
  agent1: ['slhk'],
  uw1: ['phkl', 'slhk'],
  uw2: ['demo'],
  admin1: ['phkl', 'slhk', 'demo'],
};


describe.each(DATABASES)('questionnaire calls on %s', (database) => {
  let t: TestApp;
  const tokens = {} as Record<DemoUser, string>;

  const get = <T>(user: DemoUser, path: string) => api<T>(t.baseUrl, path, { token: tokens[user] });
  const post = <T>(user: DemoUser, path: string, body: unknown) =>
    api<T>(t.baseUrl, path, { token: tokens[user], body });
  const diseaseList = (user: DemoUser, body: Record<string, unknown>) =>
    post<{ instance: string; diseaseList: DiseaseListEntry[] }>(user, '/api/disease/list', body);

  beforeAll(async () => {
    t = await buildTestApp({ database });
    for (const user of USERS) tokens[user] = await tokenFor(t.baseUrl, user);
    await activateSound(t.baseUrl, tokens.admin1);
  });
  afterAll(async () => t?.close());

  describe('GET /api/user/info/get', () => {
    it('A-09 E-01 E-03 E-04 E-05 P-06 carries the user record and the catalogue settings for the first insurer', async () => {
      const answer = await get<UserInfo & { smokingLists: unknown[] }>(
        'interviewer1',
        '/api/user/info/get',
      );
      expect(answer.status).toBe(200);
      const info = answer.body.body;
      expect(info).toMatchObject({
        userName: 'interviewer1',
        role: 'interviewer',
        insurerCode: 'phkl',
        language: 'en',
        channel: 'agency',
        productCode: 'WL01',
        highLowBmiImpairmentName: 'High / Low BMI',
        abnormalBmiImpairmentName: 'Abnormal BMI',
        otherImpairment: 'other-impairment',
        smokingQuestion: 'htn-smoking',
        indicateList: [
          { code: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } },
          { code: 'CI', label: { en: 'Critical Illness', cn_traditional: '危疾' } },
        ],
        exWordingList: [
          {
            code: 'EX1',
            wording: { en: 'Heart disease is excluded.', cn_traditional: '不保心臟病。' },
          },
        ],
        consolidateList: [
          { indicator: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } },
          { indicator: 'CI', label: { en: 'Critical Illness', cn_traditional: '危疾' } },
        ],
      });
      expect(info?.ruleAgeList[0]).toEqual({
        lower: 18,
        upper: 200,
        gender: 'All',
        bmiList: [
          { lower: 0, upper: 18, decision: { LIFE: '25', CI: '25' } },
          { lower: 18, upper: 30, decision: { LIFE: '0', CI: '0' } },
          { lower: 30, upper: 100, decision: { LIFE: '50', CI: '50' } },
        ],
      });
      expect(info?.smokingLists).toHaveLength(2);
    });

    it('P-06 P-07 each demo user gets their own role and first insurer, and the language they chose', async () => {
      const expected: Record<DemoUser, [string, string, string, string]> = {
        interviewer1: ['interviewer', 'phkl', 'agency', 'WL01'],
        agent1: ['agent', 'slhk', 'bank', 'SV01'],
        uw1: ['underwriter', 'phkl', 'agency', 'WL01'],
        uw2: ['underwriter', 'demo', 'direct', 'DM01'],
        admin1: ['admin', 'phkl', 'agency', 'WL01'],
      };
      for (const user of USERS) {
        const info = (await get<UserInfo>(user, '/api/user/info/get')).body.body;
        expect([info?.role, info?.insurerCode, info?.channel, info?.productCode], user).toEqual(
          expected[user],
        );
      }
      await putLanguage(t.baseUrl, tokens.agent1, 'cn_traditional');
      expect((await get<UserInfo>('agent1', '/api/user/info/get')).body.body?.language).toBe(
        'cn_traditional',
      );
      await putLanguage(t.baseUrl, tokens.agent1, 'en');
    });

    it('needs a bearer token', async () => {
      expect((await api(t.baseUrl, '/api/user/info/get')).status).toBe(401);
    });
  });

  describe('GET /api/insurer/list', () => {
    it('A-08 E-07 P-07 lists every insurer × channel × product of the caller, and nothing of other insurers', async () => {
      const phkl = [
        ['phkl', 'agency', 'WL01'],
        ['phkl', 'agency', 'TM01'],
        ['phkl', 'broker', 'CI01'],
      ];
      const slhk = [['slhk', 'bank', 'SV01']];
      const demo = [['demo', 'direct', 'DM01']];
      const expected: Record<DemoUser, string[][]> = {
        interviewer1: phkl,
        agent1: slhk,
        uw1: [...phkl, ...slhk],
        uw2: demo,
        admin1: [...phkl, ...slhk, ...demo],
      };
      for (const user of USERS) {
        const entries = (await get<InsurerEntry[]>(user, '/api/insurer/list')).body.body ?? [];
        expect(
          entries.map((e) => [e.insurerCode, e.channel, e.productCode]),
          user,
        ).toEqual(expected[user]);
        expect(entries.every((e) => INSURERS[user].includes(e.insurerCode))).toBe(true);
      }
    });

    it('E-48 carries each insurer’s options: phkl list B with the last-age option, slhk the print cover', async () => {
      const entries = (await get<InsurerEntry[]>('uw1', '/api/insurer/list')).body.body ?? [];
      expect(entries[0]).toEqual({
        insurerCode: 'phkl',
        channel: 'agency',
        productCode: 'WL01',
        insurerName: { en: 'PHKL Life', cn_traditional: 'PHKL人壽' },
        productName: { en: 'Whole Life', cn_traditional: '終身壽險' },
        smokingList: 'B',
        lastAgeOption: true,
        printCover: false,
      });
      expect(entries.at(-1)).toMatchObject({
        insurerCode: 'slhk',
        smokingList: 'A',
        lastAgeOption: false,
        printCover: true,
      });
    });
  });

  describe('GET /api/questionnaire/get', () => {
    it('A-10 C-10 C-12 C-13 answers the active catalogue: version, indicators, exclusions, settings, smoking lists', async () => {
      const answer = await get<Record<string, unknown>>('agent1', '/api/questionnaire/get');
      expect(answer.body.body).toMatchObject({
        version: '2',
        notes: 'Test catalogue, illustrative only.',
        indicators: [{ code: 'LIFE' }, { code: 'CI' }],
        exclusions: [{ code: 'EX1' }],
        settings: {
          highLowBmiImpairmentName: 'High / Low BMI',
          abnormalBmiImpairmentName: 'Abnormal BMI',
          otherImpairment: 'other-impairment',
        },
        smokingLists: [
          { id: 'A', lookbackMonths: 6 },
          { id: 'B', lookbackMonths: 12 },
        ],
        rsmScores: ['A', 'B', 'C', 'D', 'N', 'H'],
        genders: ['Male', 'Female'],
      });
    });
  });

  describe('POST /api/disease/list', () => {
    it('A-12 E-49 answers an instance and the conditions the product offers, filtered by gender', async () => {
      const male = await diseaseList('interviewer1', {
        ...PHKL,
        gender: 'Male',
        age: 45,
        rsmScore: 'A',
        flag: 1,
      });
      expect(male.status).toBe(200);
      expect(male.body.body?.instance).toMatch(/^[0-9a-f-]{36}$/);
      const names = (list?: DiseaseListEntry[]) => list?.map((entry) => entry.uuid);
      expect(names(male.body.body?.diseaseList)).toEqual([
        'abnormal-bmi',
        'prostate',
        'high-low-bmi',
        'hypertension',
        'other-impairment',
      ]);
      const female = await diseaseList('interviewer1', {
        ...PHKL,
        gender: 'Female',
        age: 45,
        rsmScore: 'A',
        flag: 1,
      });
      expect(names(female.body.body?.diseaseList)).toEqual([
        'abnormal-bmi',
        'high-low-bmi',
        'hypertension',
        'other-impairment',
        'ovarian-cyst',
      ]);
      const anyone = await diseaseList('interviewer1', PHKL);
      expect(anyone.body.body?.diseaseList).toHaveLength(6);
      expect(female.body.body?.instance).not.toBe(male.body.body?.instance);
    });

    it('E-11 each entry is an impairment without its questions', async () => {
      const list = (
        await diseaseList('uw2', { insurerCode: 'demo', channel: 'direct', productCode: 'DM01' })
      ).body.body?.diseaseList;
      expect(list).toEqual([
        {
          uuid: 'hypertension',
          name: { en: 'Hypertension', cn_traditional: '高血壓' },
          gender: 'Both',
          decision: ['LIFE', 'CI'],
          exNoList: ['EX1'],
          selfDefined: false,
          group: 'cardiovascular',
          needsSmoking: true,
          smokingQuestionUuid: 'htn-smoking',
        },
      ]);
    });

    it('a product listing its conditions offers those, in its order; codes match whatever their case', async () => {
      const answer = await diseaseList('uw1', {
        insurerCode: 'PHKL',
        channel: 'AGENCY',
        productCode: 'tm01',
        gender: 'Male',
      });
      expect(answer.body.body?.diseaseList.map((entry) => entry.uuid)).toEqual([
        'hypertension',
        'other-impairment',
        'high-low-bmi',
        'abnormal-bmi',
      ]);
    });

    it('P-07 another insurer’s product, or an unknown one, answers 404', async () => {
      expect(
        (
          await diseaseList('interviewer1', {
            insurerCode: 'slhk',
            channel: 'bank',
            productCode: 'SV01',
          })
        ).status,
      ).toBe(404);
      expect((await diseaseList('agent1', PHKL)).status).toBe(404);
      expect((await diseaseList('uw1', { ...PHKL, productCode: 'NOPE' })).status).toBe(404);
      expect((await diseaseList('uw1', { ...PHKL, channel: 'bank' })).status).toBe(404);
    });

    it('C-02 an applicant under 18 is refused with the age named; bad input answers 400', async () => {
      const young = await diseaseList('interviewer1', { ...PHKL, age: 17 });
      expect(young.status).toBe(400);
      expect(young.body.errors).toEqual([{ path: 'age', message: 'This value is too small.' }]);
      expect((await diseaseList('interviewer1', { ...PHKL, age: 18 })).status).toBe(200);
      const bad = await diseaseList('interviewer1', { ...PHKL, gender: 'Other', extra: true });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.path).sort()).toEqual(['extra', 'gender']);
    });
  });

  describe('GET /api/disease/list/{id}', () => {
    it('A-11 A-28 answers the list stored for the instance, to the insurer’s users only', async () => {
      const created = await diseaseList('interviewer1', { ...PHKL, gender: 'Female' });
      const { instance, diseaseList: list } = created.body.body ?? {
        instance: '',
        diseaseList: [],
      };
      const again = await get<DiseaseListEntry[]>('interviewer1', `/api/disease/list/${instance}`);
      expect(again.status).toBe(200);
      expect(again.body.body).toEqual(list);
      expect((await get('uw1', `/api/disease/list/${instance}`)).status).toBe(200);
      expect((await get('agent1', `/api/disease/list/${instance}`)).status).toBe(404);
      expect((await get('uw2', `/api/disease/list/${instance}`)).status).toBe(404);
      expect(
        (await get('uw1', '/api/disease/list/00000000-0000-4000-8000-000000000000')).status,
      ).toBe(404);
      expect((await get('uw1', '/api/disease/list/not-an-id')).status).toBe(404);
    });
  });

  describe('GET /api/question/{uuid}', () => {
    it('A-13 A-29 E-16 answers the impairment’s questions, flattened', async () => {
      const answer = await get<Question[]>('interviewer1', '/api/question/hypertension');
      expect(answer.status).toBe(200);
      const questions = answer.body.body ?? [];
      expect(questions.map((q) => [q.index, q.uuid, q.level, q.parentUuid, q.uuidPath])).toEqual([
        [1, 'htn-diagnosed', 1, 'hypertension', 'hypertension'],
        [2, 'htn-controlled', 1, 'hypertension', 'hypertension'],
        [
          3,
          'htn-systolic',
          2,
          'htn-controlled-no',
          'hypertension,htn-controlled,htn-controlled-no',
        ],
        [4, 'htn-smoking', 1, 'hypertension', 'hypertension'],
      ]);
      expect(questions[1]).toMatchObject({
        type: 'R',
        answer: null,
        choiceList: ['htn-controlled-no'],
        group: { uuid: 'htn-control', index: 1, header: { en: 'Control', cn_traditional: '控制' } },
        answerList: [
          {
            uuid: 'htn-controlled-yes',
            hasDecision: true,
            decision: { LIFE: '0', CI: '25' },
            parentUuid: 'htn-controlled',
          },
          {
            uuid: 'htn-controlled-no',
            hasDecision: false,
            decision: null,
            parentUuid: 'htn-controlled',
          },
        ],
      });
    });

    it('P-07 an unknown impairment, or one no product of the caller offers, answers 404', async () => {
      expect((await get('uw1', '/api/question/gout')).status).toBe(404);
      expect((await get('uw2', '/api/question/ovarian-cyst')).status).toBe(404);
      expect((await get('agent1', '/api/question/ovarian-cyst')).status).toBe(200);
      // The special conditions are open to every insurer.
      expect((await get('uw2', '/api/question/other-impairment')).status).toBe(200);
    });
  });

  describe('POST /api/disease/special/list', () => {
    it('A-30 answers High / Low BMI, Abnormal BMI and the Others template with their questions', async () => {
      const answer = await post<Record<'highLowBmi' | 'abnormalBmi' | 'others', Impairment | null>>(
        'uw2',
        '/api/disease/special/list',
        {
          insurerCode: 'demo',
          channel: 'direct',
          productCode: 'DM01',
          gender: 'Female',
          age: 30,
          rsmScore: 'B',
          param: 'x',
        },
      );
      expect(answer.status).toBe(200);
      const body = answer.body.body;
      expect(body?.highLowBmi?.uuid).toBe('high-low-bmi');
      expect(body?.abnormalBmi?.uuid).toBe('abnormal-bmi');
      expect(body?.others?.uuid).toBe('other-impairment');
      expect(body?.others?.questionList).toHaveLength(8);
      expect(body?.highLowBmi?.questionList.map((q) => q.type)).toEqual(['W', 'H']);
    });

    it('P-07 another insurer’s product answers 404', async () => {
      const answer = await post('uw2', '/api/disease/special/list', PHKL);
      expect(answer.status).toBe(404);
    });
  });
});
