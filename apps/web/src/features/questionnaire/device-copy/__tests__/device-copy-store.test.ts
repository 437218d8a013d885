import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
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
});
