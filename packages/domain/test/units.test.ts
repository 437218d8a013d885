import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEIGHT_UNITS } from '../src/model.ts';
import {
  allowedWeightUnits,
  cmToFtInch,
  ftInchToCm,
  heightFromInput,
  kgToLb,
  lbToKg,
  roundTo,
  unitLabel,
  UNIT_LABELS,
  weightFromInput,
} from '../src/units.ts';
import { makeQuestion } from './make-question.ts';

describe('height', () => {
  it('V-49 170 cm is 5 ft 6.93 in', () => {
    expect(cmToFtInch(170)).toEqual({ ft: 5, inch: 6.93 });
  });

  it('V-49 feet are whole and the inches never round up to 12', () => {
    expect(cmToFtInch(0)).toEqual({ ft: 0, inch: 0 });
    expect(cmToFtInch(30.48)).toEqual({ ft: 1, inch: 0 });
    expect(cmToFtInch(182.87)).toEqual({ ft: 6, inch: 0 });
    expect(cmToFtInch(182.8)).toEqual({ ft: 5, inch: 11.97 });
  });

  it('V-50 5 ft 7 in is the whole number 170 cm, rounded to nearest', () => {
    expect(ftInchToCm(5, 7)).toBe(170);
    expect(ftInchToCm(6, 0)).toBe(183);
    expect(ftInchToCm(5, 6.93)).toBe(170);
    expect(ftInchToCm(0, 0)).toBe(0);
  });

  it('V-49 V-50 cm → ft and in → cm comes back within 1 cm, the inches below 12', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), (cm) => {
        const { ft, inch } = cmToFtInch(cm);
        expect(Number.isInteger(ft)).toBe(true);
        expect(inch).toBeGreaterThanOrEqual(0);
        expect(inch).toBeLessThan(12);
        expect(roundTo(inch, 2)).toBe(inch);
        expect(Math.abs(ftInchToCm(ft, inch) - cm)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('V-49 typing cm fills ft and inch', () => {
    expect(heightFromInput('cm', '170', null)).toEqual({ cm: 170, ft: 5, inch: 6.93 });
  });

  it('V-50 typing ft then inch fills cm, keeping the other field', () => {
    const afterFt = heightFromInput('ft', '5', null);
    expect(afterFt).toEqual({ cm: 152, ft: 5, inch: 0 });
    const afterInch = heightFromInput(
      'inch',
      '7',
      afterFt as { cm: number; ft: number; inch: number },
    );
    expect(afterInch).toEqual({ cm: 170, ft: 5, inch: 7 });
    expect(heightFromInput('ft', '6', { cm: 170, ft: 5, inch: 7 })).toEqual({
      cm: 201,
      ft: 6,
      inch: 7,
    });
  });

  it('V-51 a height failing the numeric check changes nothing', () => {
    const current = { cm: 170, ft: 5, inch: 6.93 };
    for (const text of ['abc', '-1', '1e2', '12.', ' 170']) {
      expect(heightFromInput('cm', text, current)).toBe('unchanged');
      expect(heightFromInput('inch', text, null)).toBe('unchanged');
    }
  });

  it('V-52 emptying a height input clears the height', () => {
    const current = { cm: 170, ft: 5, inch: 6.93 };
    expect(heightFromInput('cm', '', current)).toBeNull();
    expect(heightFromInput('ft', '', current)).toBeNull();
    expect(heightFromInput('inch', '', current)).toBeNull();
  });

  it("re-entering a field's current value keeps the feet and inches typed", () => {
    const typed = { cm: 170, ft: 5, inch: 7 };
    expect(heightFromInput('cm', '170', typed)).toBe('unchanged');
    expect(heightFromInput('inch', '7.0', typed)).toBe('unchanged');
  });

  it('X-23 a height whose conversion overflows is cleared', () => {
    const huge = '9'.repeat(400);
    expect(heightFromInput('cm', huge, null)).toBeNull();
    expect(heightFromInput('ft', huge, null)).toBeNull();
  });
});

describe('weight', () => {
  it('V-53 70 kg is 154.32 lb', () => {
    expect(kgToLb(70)).toBe(154.32);
    expect(weightFromInput('kg', '70', null)).toEqual({ kg: 70, lb: 154.32 });
  });

  it('V-54 154 lb is 69.85 kg', () => {
    expect(lbToKg(154)).toBe(69.85);
    expect(weightFromInput('lb', '154', null)).toEqual({ kg: 69.85, lb: 154 });
  });

  it('V-53 V-54 conversions keep 2 decimals and round half up', () => {
    expect(kgToLb(0)).toBe(0);
    expect(lbToKg(1)).toBe(0.45);
    expect(kgToLb(1)).toBe(2.2);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(24.25, 1)).toBe(24.3);
  });

  it('V-53 V-54 kg → lb → kg comes back within 0.01 kg', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), (hundredths) => {
        const kg = hundredths / 100;
        expect(Math.abs(lbToKg(kgToLb(kg)) - kg)).toBeLessThanOrEqual(0.01);
      }),
    );
  });

  it('V-57 a non-numeric weight is rejected and the value is unchanged', () => {
    const current = { kg: 70, lb: 154.32 };
    for (const text of ['abc', '-3', '7O', '1e2']) {
      expect(weightFromInput('kg', text, current)).toBe('unchanged');
      expect(weightFromInput('lb', text, current)).toBe('unchanged');
    }
  });

  it('emptying a weight input clears the weight; its current value changes nothing', () => {
    const current = { kg: 70, lb: 154.32 };
    expect(weightFromInput('kg', '', current)).toBeNull();
    expect(weightFromInput('lb', '', current)).toBeNull();
    expect(weightFromInput('lb', '154.32', current)).toBe('unchanged');
    expect(weightFromInput('kg', '71', current)).toEqual({ kg: 71, lb: 156.53 });
  });

  it('X-24 a weight whose conversion overflows is cleared', () => {
    expect(weightFromInput('kg', '9'.repeat(400), null)).toBeNull();
    expect(weightFromInput('lb', '9'.repeat(400), null)).toBeNull();
  });
});

describe('allowed weight units', () => {
  const w = (units?: string[]) => makeQuestion('W', units ? { units } : {});

  it('V-55 KG only, LB only, or both', () => {
    expect(allowedWeightUnits(w(['KG']))).toEqual(['KG']);
    expect(allowedWeightUnits(w(['LB']))).toEqual(['LB']);
    expect(allowedWeightUnits(w(['LB', 'KG']))).toEqual(['KG', 'LB']);
    expect(allowedWeightUnits(w(['lb']))).toEqual(['LB']);
  });

  it('V-56 no allowed units given means KG only', () => {
    expect(allowedWeightUnits(w())).toEqual(['KG']);
    expect(allowedWeightUnits(w([]))).toEqual(['KG']);
    expect(allowedWeightUnits(w(['stone']))).toEqual(['KG']);
  });

  it('C-11 the weight units offered are only ever KG and LB', () => {
    expect(WEIGHT_UNITS).toEqual(['KG', 'LB']);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('KG', 'LB', 'kg', 'g'), fc.string())),
        (units) => {
          const allowed = allowedWeightUnits(w(units));
          expect(allowed.length).toBeGreaterThan(0);
          expect(allowed.every((u) => (WEIGHT_UNITS as readonly string[]).includes(u))).toBe(true);
          expect(new Set(allowed).size).toBe(allowed.length);
        },
      ),
    );
  });
});

describe('unit labels', () => {
  it('T-13 each unit has its label in both languages, looked up by the key answers store', () => {
    expect(unitLabel('cm', 'cn_traditional')).toBe('厘米');
    expect(unitLabel('KG', 'en')).toBe('kg');
    expect(unitLabel('LB', 'cn_traditional')).toBe('磅');
    expect(unitLabel('mmHg', 'cn_traditional')).toBe('毫米汞柱');
    expect(unitLabel('g/dL', 'cn_traditional')).toBe('g/dL');
    for (const [unit, label] of Object.entries(UNIT_LABELS)) {
      expect(label.en, unit).toMatch(/\S/);
      expect(label.cn_traditional, unit).toMatch(/\S/);
    }
  });

  it('T-13 a unit the table does not know shows as its key, never as nothing', () => {
    expect(unitLabel('furlongs', 'cn_traditional')).toBe('furlongs');
    expect(unitLabel('toString', 'en')).toBe('toString');
  });
});
