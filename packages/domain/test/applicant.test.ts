import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageAfterBirthDateEdit,
  ageFromBirthDate,
  birthDateAge,
  APPLICATION_NUMBER_PATTERN,
  basicDataComplete,
  parseBirthDate,
  sanitizeApplicationNumber,
  validateAge,
  validateBirthDate,
  validateProfile,
} from '../src/applicant.ts';
import { messageText } from '../src/messages.ts';
import type { Profile } from '../src/model.ts';

const ALLOWED_SYMBOLS = `#*(){}[]'",./`;
const ALLOWED = /^[A-Za-z0-9#*(){}[\]'",./]*$/;

describe('application number', () => {
  it('V-03 characters outside the allowed set are stripped: AB-12 @3 → AB123', () => {
    expect(sanitizeApplicationNumber('AB-12 @3')).toBe('AB123');
    expect(sanitizeApplicationNumber('申請 AB\t12\n')).toBe('AB12');
    expect(sanitizeApplicationNumber('a_b-c+d')).toBe('abcd');
  });

  it('V-04 each allowed symbol # * ( ) { } [ ] \' " , . / is kept', () => {
    for (const symbol of ALLOWED_SYMBOLS)
      expect(sanitizeApplicationNumber(`A${symbol}1`)).toBe(`A${symbol}1`);
    expect(sanitizeApplicationNumber(ALLOWED_SYMBOLS)).toBe(ALLOWED_SYMBOLS);
  });

  it('V-02 C-01 30 characters are kept, a 31st is not', () => {
    const thirty = 'A'.repeat(29) + '9';
    expect(sanitizeApplicationNumber(thirty)).toBe(thirty);
    expect(sanitizeApplicationNumber(thirty + 'Z')).toBe(thirty);
    expect(sanitizeApplicationNumber('-'.repeat(5) + thirty)).toBe(thirty);
    expect(APPLICATION_NUMBER_PATTERN.test(thirty)).toBe(true);
    expect(APPLICATION_NUMBER_PATTERN.test(thirty + 'Z')).toBe(false);
    expect(APPLICATION_NUMBER_PATTERN.test('')).toBe(false);
  });

  it('V-02 V-03 whatever is typed, what is kept is allowed characters, at most 30', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (typed) => {
        const kept = sanitizeApplicationNumber(typed);
        expect(kept).toMatch(ALLOWED);
        expect(kept.length).toBeLessThanOrEqual(30);
        expect(sanitizeApplicationNumber(kept)).toBe(kept);
      }),
    );
  });

  it('V-04 text made only of allowed characters is kept whole up to 30', () => {
    const allowedChar = fc.constantFrom(...`ABCxyz0189${ALLOWED_SYMBOLS}`);
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, maxLength: 30 }), (typed) => {
        expect(sanitizeApplicationNumber(typed)).toBe(typed);
      }),
    );
  });
});

describe('age', () => {
  it('V-06 an empty age is required', () => {
    expect(validateAge(null)).toEqual([{ code: 'age_required', path: 'age' }]);
    expect(validateAge(Number.NaN)).toEqual([{ code: 'age_required', path: 'age' }]);
  });

  it('V-08 C-02 age 17 is refused with "Age must be 18 or higher"', () => {
    const issues = validateAge(17);
    expect(issues).toEqual([{ code: 'age_min', path: 'age', params: { min: 18 } }]);
    expect(messageText('age_min', 'en')).toBe('Age must be 18 or higher');
    expect(validateAge(0)[0]?.code).toBe('age_min');
  });

  it('V-09 C-02 age 18 gives no age error', () => {
    expect(validateAge(18)).toEqual([]);
    expect(validateAge(99)).toEqual([]);
  });
});

describe('birth date', () => {
  it('V-11 an empty birth date shows "Birth Date cannot be empty"', () => {
    expect(validateBirthDate('')).toEqual([{ code: 'birth_date_empty', path: 'birthDate' }]);
    expect(validateBirthDate('   ')[0]?.code).toBe('birth_date_empty');
    expect(messageText('birth_date_empty', 'en')).toBe('Birth Date cannot be empty');
  });

  it('V-12 C-03 1990-01-31 is refused with "Valid date format is DDMMYYYY"; 31011990 is accepted', () => {
    expect(validateBirthDate('1990-01-31')).toEqual([
      { code: 'birth_date_format', path: 'birthDate' },
    ]);
    expect(messageText('birth_date_format', 'en')).toBe('Valid date format is DDMMYYYY');
    expect(validateBirthDate('31011990')).toEqual([]);
    expect(parseBirthDate('31011990')).toEqual({ year: 1990, month: 1, day: 31 });
  });

  it('C-03 a birth date must be a real calendar date in DDMMYYYY', () => {
    for (const bad of [
      '19900131',
      '3101199',
      '310119900',
      '31/01/1990',
      '31021990',
      '00011990',
      '01131990',
      '29021900',
      '29021991',
    ]) {
      expect(validateBirthDate(bad)).toEqual([{ code: 'birth_date_format', path: 'birthDate' }]);
    }
    expect(parseBirthDate('29022000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseBirthDate('31121999')).toEqual({ year: 1999, month: 12, day: 31 });
  });

  it('a birth year outside 1900 to 2099 is refused', () => {
    expect(parseBirthDate('31121899')).toBeNull();
    expect(parseBirthDate('01011900')).not.toBeNull();
    expect(parseBirthDate('31122099')).not.toBeNull();
    expect(parseBirthDate('01012100')).toBeNull();
  });

  it('every real date from 1900 to 2099 written DDMMYYYY reads back', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
          const text = `${String(day).padStart(2, '0')}${String(m).padStart(2, '0')}${y}`;
          expect(parseBirthDate(text)).toEqual({ year: y, month: m, day });
        },
      ),
    );
  });
});

describe('age from birth date', () => {
  const birth = { year: 1980, month: 6, day: 15 };

  it('age at last birthday turns on the birthday itself', () => {
    expect(ageFromBirthDate(birth, new Date(2020, 5, 14), 'last')).toBe(39);
    expect(ageFromBirthDate(birth, new Date(2020, 5, 15), 'last')).toBe(40);
    expect(ageFromBirthDate(birth, new Date(2020, 11, 31), 'last')).toBe(40);
    expect(ageFromBirthDate(birth, new Date(2021, 0, 1), 'last')).toBe(40);
  });

  it('age at next birthday is one more than at last birthday', () => {
    expect(ageFromBirthDate(birth, new Date(2020, 5, 14), 'next')).toBe(40);
    expect(ageFromBirthDate(birth, new Date(2020, 5, 15), 'next')).toBe(41);
  });

  it('someone born on 29 February turns a year older on 1 March in other years', () => {
    const leapling = { year: 2000, month: 2, day: 29 };
    expect(ageFromBirthDate(leapling, new Date(2021, 1, 28), 'last')).toBe(20);
    expect(ageFromBirthDate(leapling, new Date(2021, 2, 1), 'last')).toBe(21);
    expect(ageFromBirthDate(leapling, new Date(2024, 1, 29), 'last')).toBe(24);
  });
});

describe('profile', () => {
  const complete: Profile & { applicationNumber: string } = {
    applicationNumber: 'APP/2024.001',
    age: 45,
    gender: 'Male',
    rsmScore: 'A',
  };

  it('a complete profile is valid', () => {
    expect(validateProfile(complete, { smokingRequired: false })).toEqual({ ok: true, issues: [] });
    const full = {
      ...complete,
      birthDate: '31011979',
      height: '{"cm":170,"ft":5,"inch":6.93}',
      weight: '{"kg":70,"lb":154.32}',
      smokingStatus: 'never',
    };
    expect(validateProfile(full, { smokingRequired: true })).toEqual({ ok: true, issues: [] });
  });

  it('V-06 V-13 V-14 application number, age, gender and risk score are required', () => {
    const result = validateProfile(
      { applicationNumber: '  ', age: null, gender: null, rsmScore: null },
      { smokingRequired: false },
    );
    expect(result.ok).toBe(false);
    expect(result.issues.map((i) => i.code)).toEqual([
      'application_number_required',
      'age_required',
      'gender_required',
      'rsm_score_required',
    ]);
    const { applicationNumber: _, ...withoutNumber } = complete;
    expect(validateProfile(withoutNumber, { smokingRequired: false }).issues).toEqual([
      { code: 'application_number_required', path: 'applicationNumber' },
    ]);
  });

  it('an application number with characters outside the set is refused with the helper text', () => {
    const result = validateProfile(
      { ...complete, applicationNumber: 'AB-123' },
      { smokingRequired: false },
    );
    expect(result.issues).toEqual([
      { code: 'application_number_helper', path: 'applicationNumber' },
    ]);
    const tooLong = validateProfile(
      { ...complete, applicationNumber: 'A'.repeat(31) },
      { smokingRequired: false },
    );
    expect(tooLong.issues[0]?.code).toBe('application_number_helper');
  });

  it('V-08 a profile under 18 is refused', () => {
    const result = validateProfile({ ...complete, age: 17 }, { smokingRequired: false });
    expect(result.issues).toEqual([{ code: 'age_min', path: 'age', params: { min: 18 } }]);
  });

  it('V-15 smoking status is required when a chosen impairment needs it', () => {
    const result = validateProfile(complete, { smokingRequired: true });
    expect(result.issues).toEqual([{ code: 'smoking_required', path: 'smokingStatus' }]);
    expect(messageText('smoking_required', 'en')).toBe(
      'Smoking status is required for selected impairment(s)',
    );
    expect(validateProfile({ ...complete, smokingStatus: ' ' }, { smokingRequired: true }).ok).toBe(
      false,
    );
  });

  it('V-12 a birth date, height or weight given must be readable', () => {
    const result = validateProfile(
      { ...complete, birthDate: '1979-01-31', height: 'tall', weight: '{"kg":"70"}' },
      { smokingRequired: false },
    );
    expect(result.issues).toEqual([
      { code: 'birth_date_format', path: 'birthDate' },
      { code: 'height_invalid', path: 'height' },
      { code: 'weight_invalid', path: 'weight' },
    ]);
  });
});

describe('basic data', () => {
  const data = { applicationNumber: 'A1', age: 18, gender: 'Female', rsmScore: 'N' } as const;

  it('complete with application number, age 18 or over, gender and risk score', () => {
    expect(basicDataComplete(data)).toBe(true);
  });

  it('incomplete when any of the four is empty', () => {
    expect(basicDataComplete({ ...data, applicationNumber: '' })).toBe(false);
    expect(basicDataComplete({ ...data, applicationNumber: '   ' })).toBe(false);
    expect(basicDataComplete({ ...data, applicationNumber: null })).toBe(false);
    expect(basicDataComplete({ ...data, age: null })).toBe(false);
    expect(basicDataComplete({ ...data, gender: null })).toBe(false);
    expect(basicDataComplete({ ...data, rsmScore: undefined })).toBe(false);
  });

  it('C-02 incomplete under 18', () => {
    expect(basicDataComplete({ ...data, age: 17 })).toBe(false);
  });
});

describe('a birth date in the future', () => {
  const today = new Date(2026, 10, 25);

  it('T-09 is refused with "Birth date cannot be in the future" in both languages; today is accepted', () => {
    expect(validateBirthDate('26112026', today)).toEqual([
      { code: 'birth_date_future', path: 'birthDate' },
    ]);
    expect(validateBirthDate('01012030', today)[0]?.code).toBe('birth_date_future');
    expect(validateBirthDate('25112026', today)).toEqual([]);
    expect(messageText('birth_date_future', 'en')).toBe('Birth date cannot be in the future');
    expect(messageText('birth_date_future', 'cn_traditional')).toBe('出生日期不能是將來的日期');
  });

  it('T-09 gives no age, never a negative one', () => {
    expect(birthDateAge('01012030', today, 'last')).toBeNull();
    expect(birthDateAge('26112026', today, 'next')).toBeNull();
    expect(birthDateAge('25111980', today, 'last')).toBe(46);
    expect(birthDateAge('2511198', today, 'last')).toBeNull();
  });

  it('is refused in a profile', () => {
    const result = validateProfile(
      { applicationNumber: 'A1', age: 40, gender: 'Male', rsmScore: 'A', birthDate: '01012030' },
      { smokingRequired: false, asOf: today },
    );
    expect(result.issues).toEqual([{ code: 'birth_date_future', path: 'birthDate' }]);
  });
});

describe('the age derived from a birth date', () => {
  const today = new Date(2026, 10, 25);

  it('T-09 follows the birth date, and is cleared when the birth date it came from is cleared or broken', () => {
    expect(ageAfterBirthDateEdit({ birthDate: '', age: null }, '25111980', today, 'last')).toBe(46);
    expect(ageAfterBirthDateEdit({ birthDate: '25111980', age: 46 }, '', today, 'last')).toBeNull();
    expect(
      ageAfterBirthDateEdit({ birthDate: '25111980', age: 46 }, '2511198', today, 'last'),
    ).toBeNull();
    expect(
      ageAfterBirthDateEdit({ birthDate: '25111980', age: 46 }, '01012030', today, 'last'),
    ).toBeNull();
  });

  it('keeps an age typed by hand when a birth date is edited that did not give it', () => {
    expect(ageAfterBirthDateEdit({ birthDate: '', age: 40 }, '2511', today, 'last')).toBe(40);
    expect(ageAfterBirthDateEdit({ birthDate: '25111980', age: 50 }, '', today, 'last')).toBe(50);
  });

  it('needs its birth date in a profile: a chosen age basis without a birth date is refused', () => {
    const result = validateProfile(
      { applicationNumber: 'A1', age: 40, gender: 'Male', rsmScore: 'A', ageBasis: 'last' },
      { smokingRequired: false, asOf: today },
    );
    expect(result.issues).toEqual([{ code: 'birth_date_empty', path: 'birthDate' }]);
  });
});
