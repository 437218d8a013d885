import { describe, expect, it } from 'vitest';
import type { AdminInsurer } from '../src/admin.ts';
import { checkInsurer } from '../src/insurer-check.ts';
import { MESSAGES } from '../src/messages.ts';

const INSURER: AdminInsurer = {
  code: 'acme',
  name: { en: 'Acme', cn_traditional: '極致' },
  smokingList: 'A',
  lastAgeOption: false,
  printCover: false,
  channels: [
    {
      code: 'direct',
      products: [
        { code: 'TL01', name: { en: 'Term', cn_traditional: '定期' }, impairments: 'all' },
        { code: 'HC_02', name: { en: 'Care', cn_traditional: '保障' }, impairments: ['asthma'] },
      ],
    },
  ],
};
const context = { conditions: new Set(['asthma', 'gout']) };

describe('checkInsurer', () => {
  it('O-11 a sound insurer has no issue', () => {
    expect(checkInsurer(INSURER, context)).toEqual([]);
  });

  it('O-11 names every field that breaks a rule, each with a message in both languages', () => {
    const bad: AdminInsurer = {
      ...INSURER,
      code: 'Acme!',
      name: { en: 'Acme', cn_traditional: '' },
      channels: [
        {
          code: 'direct',
          products: [
            { code: 'TL 01', name: { en: ' ', cn_traditional: '定期' }, impairments: [] },
            {
              code: 'HC',
              name: { en: 'Care', cn_traditional: '保障' },
              impairments: ['asthma', 'nope', 'asthma'],
            },
            { code: 'HC', name: { en: 'Care', cn_traditional: '保障' }, impairments: 'all' },
          ],
        },
        { code: 'direct', products: [] },
      ],
    };
    const issues = checkInsurer(bad, context);
    expect(issues.map(({ code, path }) => `${path} ${code}`)).toEqual([
      'code insurer_code_format',
      'name.cn_traditional name_required',
      'channels.1.code channel_code_twice',
      'channels.0.products.0.code code_format',
      'channels.0.products.2.code product_code_twice',
      'channels.0.products.0.name.en name_required',
      'channels.0.products.0.impairments conditions_required',
      'channels.0.products.1.impairments.1 condition_unknown',
      'channels.0.products.1.impairments.2 condition_twice',
      'channels.1.products products_required',
    ]);
    for (const issue of issues) expect(MESSAGES).toHaveProperty(issue.code);
  });

  it('O-11 a new insurer may not take a code already taken; no channel at all is named too', () => {
    expect(
      checkInsurer({ ...INSURER, channels: [] }, { ...context, takenCodes: new Set(['acme']) }),
    ).toEqual([
      { code: 'insurer_code_taken', path: 'code' },
      { code: 'channels_required', path: 'channels' },
    ]);
  });
});
