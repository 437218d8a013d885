/**
 * The review tests' set-up: the app on a fresh database with every demo user signed in, and
 * the steps they share (store a disclosure as someone, call as someone, read as someone in
 * another language).
 */
import type { Catalog, DisclosureDocument, Impairment } from '@vmer/domain';
import type { AuditEntry, DisclosureSaved } from '@vmer/domain/lifecycle';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  api,
  buildTestApp,
  inChinese as readingChinese,
  questionnaireVersion,
  tokenFor,
  type TestApp,
  type TestDatabase,
} from '../helpers.ts';
import {
  completeDocument,
  disclosureFields,
  impairmentOf,
  PHKL,
  sampleCatalog,
  DISCLOSURE_API,
} from '../disclosures/fixtures.ts';

const USERS = ['interviewer1', 'agent1', 'uw1', 'uw2', 'uw3', 'admin1'] as const;
export type User = (typeof USERS)[number];

export interface ReviewSuite {
  t: TestApp;
  version: string;
  catalog: Catalog;
  hypertension: Impairment;
  asthma: Impairment;
  /** A fetch of a path below {@link DISCLOSURE_API} as a user. */
  call<T>(
    user: User,
    path: string,
    options?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): ReturnType<typeof api<T>>;
  /** Runs `check` while the user reads Traditional Chinese, then gives them English again. */
  inChinese(user: User, check: () => Promise<void>): Promise<void>;
  /** Hypertension (children opened) and Asthma fully answered, on the served version. */
  complete(): DisclosureDocument;
  /** A new phkl disclosure saved or submitted by a user. */
  store(
    operation: 'save' | 'submit',
    user?: User,
    doc?: DisclosureDocument,
  ): Promise<DisclosureSaved>;
  /** The same disclosure stored again with another document (save or submit). */
  restore(
    operation: 'save' | 'submit',
    saved: DisclosureSaved,
    doc: DisclosureDocument,
    user?: User,
    profile?: Partial<Record<'age', number>>,
  ): Promise<DisclosureSaved>;
  audit(id: string): Promise<AuditEntry[]>;
  /** The user's bearer token, for calls outside the disclosure API. */
  token(user: User): string;
}

/** The app for a describe block, with every demo user signed in; closed after the block. */
export function reviewSuite(database: TestDatabase, env: Record<string, string> = {}): ReviewSuite {
  const tokens: Partial<Record<User, string>> = {};
  let counter = 0;
  const suite = {} as ReviewSuite;

  beforeAll(async () => {
    const t = await buildTestApp({ database, env });
    for (const user of USERS) tokens[user] = await tokenFor(t.baseUrl, user);
    const catalog = await sampleCatalog();
    Object.assign(suite, {
      t,
      catalog,
      version: await questionnaireVersion(t.baseUrl, tokens.uw1!),
      hypertension: impairmentOf(catalog, 'hypertension'),
      asthma: impairmentOf(catalog, 'asthma'),
    });
  });
  afterAll(async () => suite.t?.close());

  const call: ReviewSuite['call'] = (user, path, options = {}) =>
    api(suite.t.baseUrl, `${DISCLOSURE_API}${path}`, { token: tokens[user], ...options });

  const payload = (doc: DisclosureDocument, extra: Record<string, unknown> = {}) => ({
    applicationNumber: `REV${String(++counter).padStart(4, '0')}`,
    ...disclosureFields(doc),
    ...extra,
  });

  return Object.assign(suite, {
    call,
    inChinese: (user: User, check: () => Promise<void>) =>
      readingChinese(suite.t.baseUrl, tokens[user]!, check),
    complete: () => completeDocument(suite.catalog, suite.version),
    async store(
      operation: 'save' | 'submit',
      user: User = 'interviewer1',
      doc?: DisclosureDocument,
    ) {
      const answer = await call<DisclosureSaved>(user, `/disclosure/${operation}`, {
        body: { ...payload(doc ?? suite.complete()), ...PHKL },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.body!;
    },
    async restore(
      operation: 'save' | 'submit',
      saved: DisclosureSaved,
      doc: DisclosureDocument,
      user: User = 'interviewer1',
      profile: Partial<Record<'age', number>> = {},
    ) {
      const answer = await call<DisclosureSaved>(user, `/disclosure/${operation}`, {
        body: payload(doc, { id: saved.id, version: saved.version, ...profile }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.body!;
    },
    token: (user: User) => tokens[user]!,
    async audit(id: string) {
      const answer = await call<AuditEntry[]>('uw1', `/disclosure/${id}/audit`);
      expect(answer.status).toBe(200);
      return answer.body.body!;
    },
  });
}
