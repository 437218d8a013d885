import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_MOVES,
  DISCLOSURE_OPERATIONS,
  DISCLOSURE_STATUSES,
  actionFor,
  applicationNumberSchema,
  canMove,
  checkOperation,
  conclusionSchema,
  disclosurePayloadSchema,
  disclosureRequestSchema,
  exportFileName,
  isAllowedRedirection,
  isDisclosureStatus,
  mayEdit,
  mayOperate,
  mayReview,
  reviewOffered,
  searchEventSchema,
  trackingEventSchema,
} from '../src/lifecycle.ts';
import { worklistQuerySchema } from '../src/workbench.ts';
import { isMessageKey, MESSAGES, type MessageKey } from '../src/messages.ts';
import { ROLES, type DisclosureStatus } from '../src/model.ts';

const EXPECTED_MOVES = ['1→2', '1→3', '2→2', '2→3', '3→4', '3→5', '5→2', '5→3'];

describe('status moves', () => {
  it('allows exactly the moves of design §4 and refuses the 17 others', () => {
    const allowed: string[] = [];
    for (const from of DISCLOSURE_STATUSES) {
      for (const to of DISCLOSURE_STATUSES) if (canMove(from, to)) allowed.push(`${from}→${to}`);
    }
    expect(allowed).toEqual(EXPECTED_MOVES);
    expect(DISCLOSURE_STATUSES.length ** 2 - allowed.length).toBe(17);
  });

  it('a validated disclosure is final', () => {
    expect(ALLOWED_MOVES[4]).toEqual([]);
    for (const operation of DISCLOSURE_OPERATIONS)
      expect(checkOperation(operation, 4).ok).toBe(false);
  });

  it('maps each operation to its target status and names a refused move', () => {
    expect(checkOperation('save', 1)).toEqual({ ok: true, issues: [] });
    expect(checkOperation('submit', 5).ok).toBe(true);
    expect(checkOperation('validate', 3).ok).toBe(true);
    expect(checkOperation('reject', 3).ok).toBe(true);
    expect(checkOperation('save', 3)).toEqual({
      ok: false,
      issues: [
        {
          code: 'status_move_forbidden',
          path: 'status',
          params: { operation: 'save', from: 3, to: 2 },
        },
      ],
    });
    expect(checkOperation('validate', 2).issues[0]?.params).toEqual({
      operation: 'validate',
      from: 2,
      to: 4,
    });
  });

  it('recognises the five statuses only', () => {
    expect(DISCLOSURE_STATUSES.filter(isDisclosureStatus)).toHaveLength(5);
    for (const value of [0, 6, -1, 2.5, '2', null, undefined])
      expect(isDisclosureStatus(value)).toBe(false);
  });
});

describe('mode from status and role', () => {
  it('S-26 statuses 1-5 open in create, edit, view, view, edit for every editing role', () => {
    for (const role of ['agent', 'interviewer', 'underwriter'] as const) {
      expect(DISCLOSURE_STATUSES.map((status) => actionFor(status, role))).toEqual([
        'create',
        'edit',
        'view',
        'view',
        'edit',
      ]);
    }
  });

  it('an admin, who may not edit disclosures, always views', () => {
    for (const status of DISCLOSURE_STATUSES) expect(actionFor(status, 'admin')).toBe('view');
  });
});

describe('who may do what', () => {
  it('agents, interviewers and underwriters edit; admins do not', () => {
    expect(ROLES.filter(mayEdit)).toEqual(['agent', 'interviewer', 'underwriter']);
  });

  it('P-10 only underwriters validate and reject', () => {
    expect(ROLES.filter(mayReview)).toEqual(['underwriter']);
    expect(mayOperate('interviewer', 'validate')).toBe(false);
    expect(mayOperate('interviewer', 'submit')).toBe(true);
    expect(mayOperate('underwriter', 'reject')).toBe(true);
    expect(mayOperate('admin', 'save')).toBe(false);
  });

  it('P-10 Validate and Reject are offered only in view mode with status 3, to underwriters', () => {
    const offered: string[] = [];
    for (const role of ROLES) {
      for (const status of DISCLOSURE_STATUSES) {
        if (reviewOffered(status, role))
          offered.push(`${role}:${status}:${actionFor(status, role)}`);
      }
    }
    expect(offered).toEqual(['underwriter:3:view']);
  });
});

describe('redirection', () => {
  it.each(['https://policy.example.com/cases/42?from=vmer', '/home', '/questionnaire/abc', '/'])(
    'accepts %s',
    (value) => {
      expect(isAllowedRedirection(value)).toBe(true);
    },
  );

  it.each([
    'http://policy.example.com/',
    'javascript:alert(1)',
    '//evil.example.com/',
    '/\\evil.example.com',
    'https://user:pw@example.com/',
    'https://',
    'https://-bad.example.com/',
    'https://example.com:99999999/',
    'https://example.com@evil.example.com/',
    'home',
    ' https://example.com/',
    'https://exa mple.com/',
    '/a\nb',
    '',
    `/${'a'.repeat(2000)}`,
    'data:text/html,hi',
    'HTTPS:/\\example.com',
  ])('refuses %j', (value) => {
    expect(isAllowedRedirection(value)).toBe(false);
  });

  it('never accepts an address that a browser would read as another scheme than https or a path', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (!isAllowedRedirection(value)) return;
        expect(
          value.startsWith('/') ? !value.startsWith('//') : /^https:\/\/[A-Za-z0-9]/i.test(value),
        ).toBe(true);
      }),
    );
  });
});

describe('call shapes', () => {
  const request = {
    applicationNumber: 'APP1',
    insurerCode: 'phkl',
    channel: 'agency',
    productCode: 'WL01',
  };

  it('application numbers: 30 allowed characters at most, nothing outside the set', () => {
    expect(applicationNumberSchema.safeParse(`A1#*(){}[]'",./`).success).toBe(true);
    expect(applicationNumberSchema.safeParse('A'.repeat(30)).success).toBe(true);
    expect(applicationNumberSchema.safeParse('A'.repeat(31)).success).toBe(false);
    for (const bad of ['', 'AB-1', 'AB 1', 'AB_1', 'AB<1>', '申請1', 'AB%']) {
      expect(applicationNumberSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('a request needs the four codes, takes an optional profile and refuses unknown fields', () => {
    expect(disclosureRequestSchema.safeParse(request).success).toBe(true);
    expect(
      disclosureRequestSchema.safeParse({
        ...request,
        age: 40,
        gender: 'Male',
        rsmScore: 'A',
        redirection: '/home',
      }).success,
    ).toBe(true);
    expect(disclosureRequestSchema.safeParse({ ...request, extra: 1 }).success).toBe(false);
    expect(disclosureRequestSchema.safeParse({ ...request, insurerCode: 'PHKL' }).success).toBe(
      false,
    );
    const bad = disclosureRequestSchema.safeParse({
      ...request,
      redirection: 'http://x.example.com',
    });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'redirection',
    ]);
  });

  it('a rule of their own names a message the domain has in both languages, so the web app and the server word it alike', () => {
    const redirection = disclosureRequestSchema.safeParse({
      ...request,
      redirection: 'javascript:alert(1)',
    });
    const crowded = conclusionSchema.safeParse({
      consolidated: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`I${i}`, '0'])),
    });
    const messages = [redirection, crowded].map((result) =>
      result.success ? '' : (result.error.issues[0]?.message ?? ''),
    );
    expect(messages).toEqual(['redirection_invalid', 'too_many_entries']);
    for (const key of messages) {
      expect(isMessageKey(key)).toBe(true);
      expect(MESSAGES[key as MessageKey].en).not.toBe('');
      expect(MESSAGES[key as MessageKey].cn_traditional).not.toBe('');
    }
    expect(MESSAGES.redirection_invalid.en).toContain('https://');
  });

  it('the save and submit payload takes an integer age and a JSON string', () => {
    const payload = {
      id: null,
      applicationNumber: 'APP1',
      age: 40,
      gender: 'Male',
      rsmScore: 'A',
      disclosureJson: '{}',
      requestId: null,
    };
    expect(disclosurePayloadSchema.safeParse(payload).success).toBe(true);
    expect(disclosurePayloadSchema.safeParse({ ...payload, age: 40.5 }).success).toBe(false);
    expect(disclosurePayloadSchema.safeParse({ ...payload, disclosureJson: {} }).success).toBe(
      false,
    );
    expect(
      disclosurePayloadSchema.safeParse({ ...payload, disclosureJson: 'x'.repeat(1024 * 1024 + 1) })
        .success,
    ).toBe(false);
    expect(disclosurePayloadSchema.safeParse({ ...payload, decision: {} }).success).toBe(false);
  });

  it('the export file is questionnaire_{application number}.xlsx', () => {
    expect(exportFileName('APP123')).toBe('questionnaire_APP123.xlsx');
  });

  it('W-03 W-09 worklist queries: statuses 1-5 (repeated or comma-separated), an allowed prefix, a limit up to 100', () => {
    expect(worklistQuerySchema.parse({ status: '3,5', q: 'APP', limit: '20' })).toMatchObject({
      status: [3, 5],
      q: 'APP',
      limit: 20,
      view: 'all',
      sort: 'updatedAt',
      order: 'desc',
    });
    expect(worklistQuerySchema.parse({ status: ['1', '2'] }).status).toEqual([1, 2]);
    expect(worklistQuerySchema.parse({}).limit).toBe(50);
    for (const bad of [
      { status: '9' },
      { q: 'A%' },
      { q: 'A_' },
      { limit: '0' },
      { limit: '101' },
      { page: '1' },
      { createdFrom: '2026-02-30' },
      { channel: 'a b' },
      { view: 'theirs' },
    ]) {
      expect(worklistQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('E-50 E-51 a tracking event carries activity, fromPage, details and questionList; a search event keyword, disease and type', () => {
    const tracking = trackingEventSchema.parse({
      activity: 'next_page',
      fromPage: 'Asthma - Page 1 - History',
      details: 'incomplete',
      questionList: ['q1', 'q2'],
    });
    expect(tracking).toEqual({
      activity: 'next_page',
      fromPage: 'Asthma - Page 1 - History',
      details: 'incomplete',
      questionList: ['q1', 'q2'],
    });
    expect(trackingEventSchema.safeParse({ fromPage: '/home' }).success).toBe(false);
    expect(searchEventSchema.parse({ keyword: 'asth', disease: 'Asthma', type: 1 })).toEqual({
      keyword: 'asth',
      disease: 'Asthma',
      type: 1,
    });
    expect(searchEventSchema.safeParse({ keyword: 'asth', type: 3 }).success).toBe(true);
    expect(searchEventSchema.safeParse({ disease: 'Asthma', type: 1 }).success).toBe(false);
    expect(searchEventSchema.safeParse({ keyword: 'asth', disease: 'Asthma' }).success).toBe(false);
  });

  it('logging calls are bounded: 500 characters, 200 entries', () => {
    const event = { activity: 'submit', fromPage: '/home', details: 'ok', questionList: ['q1'] };
    expect(trackingEventSchema.safeParse(event).success).toBe(true);
    expect(trackingEventSchema.safeParse({ ...event, details: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(
      trackingEventSchema.safeParse({ ...event, questionList: Array(201).fill('q') }).success,
    ).toBe(false);
    expect(trackingEventSchema.safeParse({ ...event, other: 1 }).success).toBe(false);
    expect(
      searchEventSchema.safeParse({ keyword: 'asth', disease: 'Asthma', type: 1 }).success,
    ).toBe(true);
    expect(
      searchEventSchema.safeParse({ keyword: 'asth', disease: 'Asthma', type: 4 }).success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`K${i}`, '0']));
    expect(conclusionSchema.safeParse({ consolidated: { LIFE: '25' } }).success).toBe(true);
    expect(conclusionSchema.safeParse({ consolidated: many }).success).toBe(false);
  });
});

describe('every status/operation pair', () => {
  it('an operation is allowed exactly when its move is', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DISCLOSURE_STATUSES),
        fc.constantFrom(...DISCLOSURE_OPERATIONS),
        (from: DisclosureStatus, operation) => {
          const target = { save: 2, submit: 3, validate: 4, reject: 5 }[
            operation
          ] as DisclosureStatus;
          expect(checkOperation(operation, from).ok).toBe(canMove(from, target));
        },
      ),
    );
  });
});
