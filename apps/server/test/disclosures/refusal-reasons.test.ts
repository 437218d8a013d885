import { describe, expect, it } from 'vitest';

import { DATABASES, signedInSuite } from '../helpers.ts';
import { disclosureFields, PROFILE, PHKL, PHKL_BANCA, answeredDocument } from './fixtures.ts';

describe.each(DATABASES)('the reasons a save is refused name the condition on %s', (database) => {
  const s = signedInSuite(database, 'interviewer1');

  const save = (product: typeof PHKL_BANCA, uuid: string, gender: 'Male' | 'Female') => {
    const doc = answeredDocument(s.catalog, s.version, [uuid], { ...PROFILE, gender });
    return s.call(`/disclosure/save`, {
      body: {
        applicationNumber: s.nextApplicationNumber('REASON'),
        ...product,
        ...disclosureFields(doc),
        gender,
      },
    });
  };

  /** A save refused with one reason, about the first condition. */
  const expectRefused = async (saving: ReturnType<typeof save>, message: string) => {
    const refused = await saving;
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'disclosureJson.impairments.0.uuid', message }]);
  };

  it('T-07 a condition the product does not offer is named in the reason, in the caller’s language', async () => {
    await expectRefused(
      save(PHKL_BANCA, 'cataract', 'Male'),
      'Cataract is not offered for the product.',
    );
    await s.setLanguage('cn_traditional');
    const chinese = await save(PHKL_BANCA, 'cataract', 'Male').finally(() => s.setLanguage('en'));
    expect(chinese.body.errors?.[0]?.message).toBe('此產品不提供「白內障」。');
  });

  it('T-07 a condition that does not apply to the applicant’s gender is named in the reason', async () => {
    await expectRefused(
      save(PHKL, 'ovarian-cyst', 'Male'),
      "Ovarian cyst does not apply to the applicant's gender.",
    );
  });
});
