import type { ImpairmentFile } from '@vmer/domain/catalog/source-schema';

const bi = (en: string, cn_traditional: string) => ({ en, cn_traditional });
const all = (value: string) => ({ LIFE: value, CI: value, MED: value });

/** A small condition using bands of both kinds, nested children and an exclusive option. */
export const SAMPLE: ImpairmentFile = {
  uuid: 'studio-sample',
  name: bi('Studio sample', '工作室樣本'),
  gender: 'Both',
  synonyms: { en: ['sample'] },
  groups: [
    { uuid: 'ss-g-history', header: bi('History', '病歷') },
    { uuid: 'ss-g-treatment', header: bi('Treatment', '治療') },
  ],
  questions: [
    {
      uuid: 'ss-diagnosed',
      type: 'D',
      group: 'ss-g-history',
      question: bi('When was it diagnosed?', '何時確診？'),
      bands: [{ maxMonths: 12, decision: all('P') }, { decision: all('0') }],
    },
    {
      uuid: 'ss-level',
      type: 'N',
      group: 'ss-g-history',
      units: ['mmol/L'],
      question: bi('Latest level', '最近水平'),
      bands: [{ below: 7, decision: all('0') }, { decision: all('50') }],
    },
    {
      uuid: 'ss-treated',
      type: 'R',
      group: 'ss-g-treatment',
      question: bi('Was it treated?', '曾否接受治療？'),
      options: [
        { uuid: 'ss-treated-no', label: bi('No', '否'), decision: all('0') },
        {
          uuid: 'ss-treated-yes',
          label: bi('Yes', '是'),
          questions: [
            {
              uuid: 'ss-surgery',
              type: 'R',
              question: bi('Was surgery needed?', '曾否需要手術？'),
              options: [
                { uuid: 'ss-surgery-no', label: bi('No', '否'), decision: all('25') },
                { uuid: 'ss-surgery-yes', label: bi('Yes', '是'), decision: all('50') },
              ],
            },
          ],
        },
      ],
    },
  ],
  cases: [
    {
      name: 'untreated, normal level',
      asOf: '2026-01-01',
      answers: { 'ss-diagnosed': '2015-01-01', 'ss-level': 5, 'ss-treated': ['ss-treated-no'] },
      expect: all('0'),
    },
  ],
};
