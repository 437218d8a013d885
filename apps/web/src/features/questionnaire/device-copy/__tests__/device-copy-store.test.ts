import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
import { ASTHMA, impairment, radio } from '../../__tests__/screen-fixtures.tsx';
import { NEW_SESSION } from '../../questionnaire-slice.ts';
import {
  NEW_DISCLOSURE,
  readCopy,
  removeAllCopies,
  removeCopiesOf,
  removeCopy,
  removeStaleCopies,
  writeCopy,
  type DeviceCopy,
} from '../device-copy-store.ts';

const HOUR = 3_600_000;

const copy = (subject: string, key: string, savedAt = Date.now()): DeviceCopy => ({
  subject,
  key,
  catalogVersion: null,
  serverVersion: key === NEW_DISCLOSURE ? null : 1,
  unsynced: true,
  product: null,
  savedAt,
  state: {
    session: NEW_SESSION,
    applicationNumber: `APP-${subject}-${key}`,
    profile: { age: 40, gender: 'Female', rsmScore: 'C' },
    chosen: [],
    page: 1,
    checkedPages: [],
    deletedAbnormalBmi: false,
  },
});

describe('the device copies (IndexedDB)', () => {
  beforeEach(async () => {
    await removeAllCopies();
  });

  it('I-10 keeps one copy per person and disclosure, the latest write winning', async () => {
    expect(await writeCopy(copy('alice', NEW_DISCLOSURE))).toBe(true);
    await writeCopy(copy('alice', 'R1'));
    await writeCopy({ ...copy('alice', 'R1'), state: { ...copy('alice', 'R1').state, page: 3 } });
    expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe(
      'APP-alice-new',
    );
    expect((await readCopy('alice', 'R1'))?.state.page).toBe(3);
    await removeCopy('alice', 'R1');
    expect(await readCopy('alice', 'R1')).toBeUndefined();
  });

  it("I-15 one person never reads another's copy of the same disclosure", async () => {
    await writeCopy(copy('alice', 'R1'));
    expect(await readCopy('bob', 'R1')).toBeUndefined();
    expect(await readCopy('bob', NEW_DISCLOSURE)).toBeUndefined();
  });

  it("I-15 sign-out removes the person's copies; a sign-in removes everyone else's and those past the age", async () => {
    const now = Date.now();
    await writeCopy(copy('alice', 'R1', now));
    await writeCopy(copy('alice', NEW_DISCLOSURE, now - 73 * HOUR));
    await writeCopy(copy('alice', 'R2', now - 71 * HOUR));
    await writeCopy(copy('bob', 'R1', now));
    expect(await removeStaleCopies('alice', 72 * HOUR, now)).toBe(2);
    expect(await readCopy('alice', 'R1')).toBeDefined();
    expect(await readCopy('alice', 'R2')).toBeDefined();
    expect(await readCopy('alice', NEW_DISCLOSURE)).toBeUndefined();
    await writeCopy(copy('bob', 'R3', now));
    expect(await removeCopiesOf('alice')).toBe(2);
    expect(await readCopy('alice', 'R1')).toBeUndefined();
    expect(await readCopy('bob', 'R3')).toBeDefined();
    expect(await removeAllCopies()).toBe(1);
  });

  it('I-10 a copy brings back its conditions whole, each answer copy storing only the answers', async () => {
    const knee = impairment('knee', 'Knee pain', 'Both', [radio('knee1', 'knee', 1)]);
    const chosen: ChosenImpairment[] = [
      { impairment: ASTHMA, answers: {} },
      { impairment: knee, answers: {} },
    ];
    const base = copy('alice', 'R1');
    const withAnswers = (answers: ChosenImpairment['answers'], conditions = chosen) => ({
      ...base,
      state: { ...base.state, chosen: conditions.map((c) => ({ ...c, answers })) },
    });
    await writeCopy(withAnswers({ knee1: ['1'] }));
    await writeCopy(withAnswers({ knee1: ['2'] }));
    expect((await readCopy('alice', 'R1'))?.state.chosen).toEqual(
      chosen.map((c) => ({ ...c, answers: { knee1: ['2'] } })),
    );
    // What the answer's write cloned: the answers and which condition they belong to.
    const raw = await openDB('vmer-device-copies');
    const stored = await raw.get('copies', ['alice', 'R1']);
    raw.close();
    expect(JSON.stringify(stored)).not.toContain(ASTHMA.questionList[0]!.uuid);
    // Another set of conditions is written with the answers that follow.
    await writeCopy(withAnswers({}, [chosen[1]!]));
    expect((await readCopy('alice', 'R1'))?.state.chosen).toEqual([
      { impairment: knee, answers: {} },
    ]);
    await removeCopy('alice', 'R1');
    expect(await readCopy('alice', 'R1')).toBeUndefined();
  });

  it('I-10 a copy written whole, before conditions were kept apart, still reads', async () => {
    const base = copy('alice', 'R9');
    const whole = {
      ...base,
      state: { ...base.state, chosen: [{ impairment: ASTHMA, answers: {} }] },
    };
    const raw = await openDB('vmer-device-copies');
    await raw.put('copies', whole);
    raw.close();
    expect((await readCopy('alice', 'R9'))?.state.chosen).toEqual(whole.state.chosen);
  });
});
