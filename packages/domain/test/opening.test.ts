import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { buildDocument } from '../src/disclosure.ts';
import type { DisclosureView } from '../src/lifecycle.ts';
import { GENDERS, RSM_SCORES, type Profile } from '../src/model.ts';
import { disclosureOpening, openingListRequest } from '../src/opening.ts';

const documentWith = (profile: Pick<Profile, 'age' | 'gender' | 'rsmScore'>): string =>
  JSON.stringify(buildDocument({ profile, chosen: [] }, { catalogVersion: 'v1' }));

const view = (
  row: Pick<DisclosureView, 'age' | 'gender' | 'rsmScore'>,
  disclosureJson: string,
): DisclosureView => ({
  id: 'd1',
  requestId: 'R1',
  action: 'edit',
  status: 2,
  version: 1,
  applicationNumber: 'APP-1',
  ...row,
  insurerCode: 'ABC',
  channel: 'AGENCY',
  productCode: 'P1',
  redirection: null,
  catalogVersion: 'v1',
  rejectReason: null,
  submittedByCaller: false,
  claim: null,
  disclosureJson,
});

const age = fc.option(fc.integer({ min: 0, max: 120 }), { nil: null });
const gender = fc.option(fc.constantFrom(...GENDERS), { nil: null });
const rsmScore = fc.option(fc.constantFrom(...RSM_SCORES), { nil: null });

describe('F-01 the lists a disclosure opens with', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("F-01 the browser's request for the lists is the opening's, the document filling what the row lacks", () => {
    fc.assert(
      fc.property(
        age,
        gender,
        rsmScore,
        age,
        gender,
        rsmScore,
        (a, g, r, docAge, docGender, docRsm) => {
          const opened = view(
            { age: a, gender: g, rsmScore: r },
            documentWith({ age: docAge, gender: docGender, rsmScore: docRsm }),
          );
          const request = openingListRequest(opened);
          expect(request).toEqual(disclosureOpening(opened).listRequest);
          expect(request.gender).toBe(g ?? docGender);
          expect(request.rsmScore).toBe(r ?? docRsm);
        },
      ),
    );
  });

  it('F-01 a row holding the whole profile names the lists without reading its document', () => {
    const opened = view(
      { age: 45, gender: 'Female', rsmScore: 'B' },
      documentWith({ age: 30, gender: 'Male', rsmScore: 'A' }),
    );
    const parse = vi.spyOn(JSON, 'parse');
    expect(openingListRequest(opened)).toMatchObject({ age: 45, gender: 'Female', rsmScore: 'B' });
    expect(parse).not.toHaveBeenCalled();
    disclosureOpening(opened);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
