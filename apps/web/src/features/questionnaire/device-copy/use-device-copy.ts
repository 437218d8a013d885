import { addListener } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { todayIso } from '@vmer/domain/decision-engine';
import { evaluateDisclosure } from '@vmer/domain/evaluation';
import { DISCLOSURE_STATUS } from '@vmer/domain/model';
import { buildPages } from '@vmer/domain/paging';
import { useAppDispatch } from '../../../app/hooks.ts';
import type { AppDispatch, RootState } from '../../../app/store.ts';
import { paths, SAME_SCREEN } from '../../../config/paths.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { storedSubject } from '../../../lib/oidc-session.ts';
import { afterNextPaint } from '../../../lib/use-after-paint.ts';
import { questionnaireApi } from '../api/questionnaire-api.ts';
import { disclosurePayload } from '../disclosure-payload.ts';
import {
  disclosureLoaded,
  disclosureStored,
  disclosureVersionChanged,
  formReset,
  pageShown,
  questionnaireChecked,
  selectQuestionnaire,
  type DisclosureSession,
  type QuestionnaireState,
} from '../questionnaire-slice.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { BACKGROUND_SAVE_KEY, selectExplicitStoring } from './background-save.ts';
import {
  NEW_DISCLOSURE,
  readCopy,
  removeCopy,
  removeStaleCopies,
  writeCopy,
  type CopiedState,
  type DeviceCopy,
} from './device-copy-store.ts';
import {
  BACKGROUND_SAVE_DELAY_MS,
  DEVICE_COPY_IDLE_MS,
  deviceCopyMaxAgeMs,
  RETRY_MAX_MS,
} from './device-copy-settings.ts';

/** What the banner says (I-12): nothing, answers kept on this device, or saved again. */
export type SyncBanner = 'none' | 'offline' | 'saved';

/** A device copy brought back (I-13): of a saved disclosure, or of a new one (with undo). */
export type RestoredNotice = 'restored' | 'restoredNew' | null;

/** I-14: the server's copy changed since this device's copy was based on it. */
export interface Conflict {
  /** The server's version now. */
  serverVersion: number;
  /** The device copy to bring back on "keep", when the conflict was found on opening. */
  copy: DeviceCopy | null;
}

const listen = addListener.withTypes<RootState, AppDispatch>();

/** The key a disclosure's copy is kept under (I-10). */
const keyOf = (session: DisclosureSession) => session.requestId ?? NEW_DISCLOSURE;

/** What decides whether the server has the answers: the applicant's data and every answer. */
function fingerprint(q: Pick<QuestionnaireState, 'applicationNumber' | 'profile' | 'chosen'>) {
  return JSON.stringify([
    q.applicationNumber,
    q.profile,
    q.chosen.map((c) => [c.impairment.uuid, c.answers]),
  ]);
}

/**
 * I-11: whether a background save may store this disclosure: one its person may edit (not in
 * view mode) that a save leaves what it is, a draft — new or saved (design §4). A disclosure
 * returned for correction is not saved in the background (a save would make it a mere draft,
 * as the screen's Save is not offered there): its device copy waits for Submit.
 */
const savedAsDraft = (session: DisclosureSession) =>
  session.action !== 'view' &&
  (session.status === null ||
    session.status === DISCLOSURE_STATUS.NEW ||
    session.status === DISCLOSURE_STATUS.SAVED);

/** A new disclosure with nothing entered: no copy is worth keeping. */
const pristine = (q: QuestionnaireState) =>
  q.session.requestId === null &&
  q.applicationNumber === '' &&
  q.chosen.length === 0 &&
  Object.values(q.profile).every((value) => value === null || value === undefined);

const copiedState = (q: QuestionnaireState): CopiedState => ({
  session: q.session,
  applicationNumber: q.applicationNumber,
  profile: q.profile,
  chosen: q.chosen,
  page: q.page,
  checkedPages: q.checkedPages,
  deletedAbnormalBmi: q.deletedAbnormalBmi,
});

const isTransport = (error: unknown) => (error as ApiError | undefined)?.kind === 'transport';
const statusOf = (error: unknown) => {
  const e = error as ApiError | undefined;
  return e?.kind === 'response' ? e.status : null;
};

/**
 * Never lose an interview (I-10..I-15): keeps every change of the screen on this device
 * (IndexedDB, per signed-in person and disclosure), saves it to the server in the background
 * when Save's conditions hold, says when the connection is gone and syncs when it returns,
 * brings a newer device copy back on opening, and offers both versions when the server's
 * changed meanwhile. `reload` shows the server's copy again (use-load-disclosure).
 */
export function useDeviceCopy(requestId: string | undefined, reload: () => void) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const context = useScreenContext();
  const catalog = questionnaireApi.endpoints.questionnaireInfo;
  const [banner, setBanner] = useState<SyncBanner>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'none',
  );
  const [notice, setNotice] = useState<RestoredNotice>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  // What the effects read without re-subscribing on each render.
  const live = useRef({ context });
  live.current = { context };
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const engine = useRef<{
    subject: string | null;
    /** The fingerprint the server has, by copy key. */
    synced: Map<string, string>;
    /** Keys whose copy must not be written again (submitted). */
    forgotten: Set<string>;
    restoring: boolean;
    /** The key whose copy is being checked or offered (I-14): neither written nor saved. */
    held: string | null;
    inFlight: boolean;
    again: boolean;
    attempt: { content: string; key: string } | null;
    retries: number;
    cancelWrite: (() => void) | null;
    debounce: ReturnType<typeof setTimeout> | null;
    lastWritten: unknown[] | null;
    lastKey: string | null;
  }>({
    subject: null,
    synced: new Map(),
    forgotten: new Set(),
    restoring: false,
    held: null,
    inFlight: false,
    again: false,
    attempt: null,
    retries: 0,
    cancelWrite: null,
    debounce: null,
    lastWritten: null,
    lastKey: null,
  });

  const getState = useRef<() => RootState>(() => {
    throw new Error('not mounted');
  });

  /** Brings a device copy's answers and page back, on the given session. */
  const restore = useCallback(
    (copy: DeviceCopy, session: DisclosureSession) => {
      const e = engine.current;
      e.restoring = true;
      try {
        const { applicationNumber, profile, chosen, page, checkedPages } = copy.state;
        dispatch(disclosureLoaded({ session, applicationNumber, profile, chosen }));
        const pageCount = buildPages(chosen, live.current.context.language).length;
        dispatch(pageShown({ page, pageCount }));
        if (checkedPages.length > 0) dispatch(questionnaireChecked(checkedPages));
      } finally {
        e.restoring = false;
      }
    },
    [dispatch],
  );

  /** One background save of what is on screen, when Save's conditions hold (I-11). */
  const save = useCallback(async (): Promise<void> => {
    const e = engine.current;
    const state = getState.current();
    const q = selectQuestionnaire(state);
    // Nothing to send: a banner about the connection has nothing more to say once it is back.
    const idle = () =>
      setBanner((shown) => (shown === 'offline' && navigator.onLine ? 'none' : shown));
    if (!savedAsDraft(q.session) || e.held !== null) return idle();
    if (e.inFlight) {
      e.again = true;
      return;
    }
    // A save or submit by the buttons is on its way: try again once it has answered.
    if (selectExplicitStoring(state)) return schedule(BACKGROUND_SAVE_DELAY_MS);
    const key = keyOf(q.session);
    const content = fingerprint(q);
    if (e.synced.get(key) === content) return idle();
    const { context: ctx } = live.current;
    const evaluation = evaluateDisclosure(
      { profile: q.profile, chosen: q.chosen, applicationNumber: q.applicationNumber },
      {
        indicators: ctx.indicators.map((i) => i.code),
        ruleAgeList: ctx.ruleAgeList,
        abnormalBmiImpairmentName: ctx.names.abnormalBmiImpairmentName,
        asOf: todayIso(),
      },
    );
    if (!evaluation.enabled.save) return idle();
    const payload = disclosurePayload(q, {
      decisions: evaluation.decisions,
      activeCatalogVersion: catalog.select()(state).data?.version,
      selection: ctx.selection,
    });
    // The same content is the same attempt: a retry after a lost answer is answered once.
    const body = JSON.stringify(payload);
    if (e.attempt?.content !== body) {
      e.attempt = {
        content: body,
        key: `bg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`,
      };
    }
    e.inFlight = true;
    try {
      const stored = await dispatch(
        questionnaireApi.endpoints.saveDisclosure.initiate(
          { payload, idempotencyKey: e.attempt.key, quiet: true },
          { fixedCacheKey: BACKGROUND_SAVE_KEY },
        ),
      ).unwrap();
      e.retries = 0;
      const now = selectQuestionnaire(getState.current());
      // The screen moved to another disclosure meanwhile: this answer is not its.
      if (keyOf(now.session) !== key || now.session.id !== payload.id) return;
      e.synced.set(stored.requestId, content);
      dispatch(disclosureStored(stored));
      setBanner((shown) => (shown === 'offline' ? 'saved' : shown));
      if (key === NEW_DISCLOSURE) {
        // Its address from now on, as after a manual save (W-22); the copy moves with it.
        const subject = e.subject;
        if (subject) void removeCopy(subject, NEW_DISCLOSURE);
        navigateRef.current(generatePath(paths.questionnaire, { requestId: stored.requestId }), {
          replace: true,
          state: SAME_SCREEN,
        });
      }
    } catch (error) {
      const status = statusOf(error);
      if (isTransport(error) || (status !== null && status >= 500)) {
        // I-12: the answers stay on this device; try again later, and at once when online.
        setBanner('offline');
        const wait = Math.min(RETRY_MAX_MS, 2_000 * 2 ** e.retries);
        e.retries += 1;
        schedule(wait);
      } else if (status === 409 && q.session.requestId) {
        await offerConflict(q.session.requestId);
      }
      // Any other refusal: the Save button says why when the interviewer presses it.
    } finally {
      e.inFlight = false;
      if (e.again) {
        e.again = false;
        schedule(BACKGROUND_SAVE_DELAY_MS);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- schedule and offerConflict are stable refs below
  }, [dispatch, catalog]);

  const saveRef = useRef(save);
  saveRef.current = save;

  function schedule(delay: number) {
    const e = engine.current;
    if (e.debounce) clearTimeout(e.debounce);
    e.debounce = setTimeout(() => {
      e.debounce = null;
      void saveRef.current();
    }, delay);
  }

  /** I-14 after a 409: ask the server its version now, and offer both. */
  async function offerConflict(requestId: string) {
    try {
      const view = await dispatch(
        questionnaireApi.endpoints.disclosure.initiate(requestId, {
          forceRefetch: true,
          subscribe: false,
        }),
      ).unwrap();
      engine.current.held = keyOf(selectQuestionnaire(getState.current()).session);
      setConflict({ serverVersion: view.version, copy: null });
    } catch {
      setBanner('offline');
    }
  }

  /** On opening a disclosure from the server: a newer device copy comes back (I-13, I-14). */
  const opened = useCallback(
    async (q: QuestionnaireState) => {
      const e = engine.current;
      const subject = e.subject;
      const key = keyOf(q.session);
      if (!subject) return;
      e.held = key;
      let offered = false;
      try {
        offered = await check(subject, key);
      } finally {
        if (!offered && e.held === key) e.held = null;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- check is read at call time
    [],
  );

  /** Whether opening found a conflict to offer; otherwise the copy came back or went. */
  async function check(subject: string, key: string): Promise<boolean> {
    await removeStaleCopies(subject, deviceCopyMaxAgeMs());
    const copy = await readCopy(subject, key);
    const now = selectQuestionnaire(getState.current());
    if (!copy || keyOf(now.session) !== key) return false;
    engine.current.held = null;
    if (copy.serverVersion === now.session.version) {
      if (copy.unsynced) {
        restore(copy, now.session);
        setNotice('restored');
      } else if (copy.state.page !== now.page) {
        const pageCount = buildPages(now.chosen, live.current.context.language).length;
        dispatch(pageShown({ page: copy.state.page, pageCount }));
      }
      return false;
    }
    if (copy.unsynced && now.session.version !== null) {
      engine.current.held = key;
      setConflict({ serverVersion: now.session.version, copy });
      return true;
    }
    await removeCopy(subject, key);
    return false;
  }

  useEffect(() => {
    const e = engine.current;
    e.subject = storedSubject();
    let mounted = true;
    const unsubscribers: (() => void)[] = [];
    // The store, through the listener middleware: subscribing to its state and actions.
    unsubscribers.push(
      dispatch(
        listen({
          predicate: () => true,
          effect: (action, api) => {
            getState.current = api.getState;
            const q = selectQuestionnaire(api.getState());
            const before = selectQuestionnaire(api.getOriginalState());
            if (disclosureLoaded.match(action) && !e.restoring) {
              e.synced.set(keyOf(q.session), fingerprint(q));
              if (q.session.requestId) void opened(q);
            } else if (formReset.match(action)) {
              e.synced.set(NEW_DISCLOSURE, fingerprint(q));
            } else if (disclosureStored.match(action) && !e.inFlight) {
              // A save by the button: what it sent is what is on screen now (near enough).
              e.synced.set(keyOf(q.session), fingerprint(q));
            } else if (questionnaireApi.endpoints.submitDisclosure.matchFulfilled(action)) {
              // I-15: a submitted disclosure leaves no copy behind.
              const key = action.payload.requestId;
              e.forgotten.add(key);
              if (e.subject) void removeCopy(e.subject, key);
            }
            if (before === q) return;
            // I-10: written once the answer's frame is painted, off the answer's path (a copy
            // is a structured clone of the whole disclosure); flushed at once when the page
            // is hidden or left, so that no answer is lost meanwhile.
            // A hidden tab paints no frames: at the latest DEVICE_COPY_IDLE_MS later.
            e.cancelWrite ??= afterNextPaint(() => {
              e.cancelWrite = null;
              if (mounted) write();
            }, DEVICE_COPY_IDLE_MS);
            // I-11: a background save a moment after the last change of the answers.
            if (
              before.applicationNumber !== q.applicationNumber ||
              before.profile !== q.profile ||
              before.chosen !== q.chosen
            ) {
              schedule(BACKGROUND_SAVE_DELAY_MS);
            }
          },
        }),
      ) as unknown as () => void,
    );

    const write = () => {
      const subject = e.subject;
      if (!subject) return;
      const q = selectQuestionnaire(getState.current());
      if (q.session.action === 'view') return;
      const key = keyOf(q.session);
      if (e.held === key || e.forgotten.has(key) || (key === NEW_DISCLOSURE && pristine(q))) return;
      const parts = [q.session, q.applicationNumber, q.profile, q.chosen, q.page, q.checkedPages];
      if (e.lastKey === key && e.lastWritten?.every((part, i) => part === parts[i])) return;
      e.lastWritten = parts;
      if (e.lastKey === NEW_DISCLOSURE && key !== NEW_DISCLOSURE)
        void removeCopy(subject, NEW_DISCLOSURE);
      e.lastKey = key;
      const synced = e.synced.get(key);
      const { selection } = live.current.context;
      void writeCopy({
        subject,
        key,
        catalogVersion: q.session.catalogVersion ?? null,
        serverVersion: q.session.version,
        unsynced: synced === undefined ? true : synced !== fingerprint(q),
        product:
          q.session.product ??
          (selection.insurerCode
            ? {
                insurerCode: selection.insurerCode,
                channel: selection.channel,
                productCode: selection.productCode,
              }
            : null),
        savedAt: Date.now(),
        state: copiedState(q),
      });
    };

    /** The copy waiting for the browser to be idle, written now. */
    const flush = () => {
      if (!e.cancelWrite) return;
      e.cancelWrite();
      e.cancelWrite = null;
      write();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);

    const online = () => {
      engine.current.retries = 0;
      void saveRef.current();
    };
    const offline = () => setBanner('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);

    // The state now, for what happened before this screen listened.
    dispatch((_: AppDispatch, get: () => RootState) => {
      getState.current = get;
      const q = selectQuestionnaire(get());
      e.synced.set(keyOf(q.session), fingerprint(q));
      const subject = e.subject;
      if (!subject) return;
      void removeStaleCopies(subject, deviceCopyMaxAgeMs()).then(async () => {
        // I-13: a new disclosure not saved yet comes back on an empty screen, with undo.
        const now = selectQuestionnaire(get());
        if (!mounted || requestId !== undefined || !pristine(now)) return;
        const copy = await readCopy(subject, NEW_DISCLOSURE);
        if (!mounted || !copy || !pristine(selectQuestionnaire(get()))) return;
        restore(copy, { ...copy.state.session, product: copy.product });
        e.synced.set(NEW_DISCLOSURE, fingerprint(selectQuestionnaire(get())) + '#restored');
        setNotice('restoredNew');
      });
    });

    return () => {
      // Leaving the screen keeps its last change too (sign-out removes copies afterwards,
      // on its callback page).
      flush();
      mounted = false;
      unsubscribers.forEach((stop) => stop());
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      if (e.debounce) clearTimeout(e.debounce);
      e.debounce = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mounted once per screen
  }, []);

  // The brief "saved" confirmation goes by itself.
  useEffect(() => {
    if (banner !== 'saved') return;
    const timer = setTimeout(() => setBanner('none'), 4_000);
    return () => clearTimeout(timer);
  }, [banner]);

  /** I-14: keep the answers on this device, saved on top of the server's version. */
  const keepDevice = useCallback(() => {
    const shown = conflict;
    if (!shown) return;
    const q = selectQuestionnaire(getState.current());
    if (shown.copy) restore(shown.copy, { ...q.session, version: shown.serverVersion });
    else dispatch(disclosureVersionChanged(shown.serverVersion));
    engine.current.held = null;
    setConflict(null);
    void saveRef.current();
  }, [conflict, dispatch, restore]);

  /** I-14: use the saved version: the device copy goes, the server's shows. */
  const useSaved = useCallback(() => {
    const shown = conflict;
    if (!shown) return;
    const e = engine.current;
    const q = selectQuestionnaire(getState.current());
    const key = keyOf(q.session);
    if (e.debounce) clearTimeout(e.debounce);
    e.debounce = null;
    if (e.subject) void removeCopy(e.subject, key);
    e.held = null;
    setConflict(null);
    if (!shown.copy) reload();
  }, [conflict, reload]);

  /** Undo bringing back a new disclosure: an empty screen, and the copy goes. */
  const undoRestore = useCallback(() => {
    const e = engine.current;
    setNotice(null);
    if (e.subject) void removeCopy(e.subject, NEW_DISCLOSURE);
    dispatch(formReset());
  }, [dispatch]);

  return {
    banner,
    notice,
    conflict,
    keepDevice,
    useSaved,
    undoRestore,
    dismissNotice: () => setNotice(null),
  };
}
