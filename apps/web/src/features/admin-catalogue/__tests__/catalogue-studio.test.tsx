import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { stringify } from 'yaml';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import { Component as AdminCatalogueRoute } from '../../../app/routes/admin-catalogue.tsx';
import { Component as DraftRoute } from '../../../app/routes/admin-catalogue-draft.tsx';
import { SAMPLE } from '../structured/__tests__/sample-condition.ts';
import { inTraditionalChinese } from '../../../test/language.ts';
import { envelope, mockApi, onEndpoint } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';

beforeAll(() => {
  // jsdom lays nothing out; the code editor measures text ranges.
  const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getClientRects ??= none as unknown as Range['getClientRects'];
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const VERSIONS = [
  {
    version: '2',
    contentHash: 'b',
    author: 'admin2',
    notes: '',
    createdAt: '2026-03-05T06:00:00.000Z',
    active: true,
    activatedAt: '2026-03-05T06:00:01.000Z',
    impairments: 46,
  },
  {
    version: '1',
    contentHash: 'a',
    author: 'system',
    notes: '',
    createdAt: '2026-01-02T06:00:00.000Z',
    active: false,
    activatedAt: '2026-01-02T06:00:01.000Z',
    impairments: 45,
  },
];

const SUMMARY = {
  id: '7',
  basedOn: '2',
  revision: 3,
  status: 'submitted' as string,
  author: 'admin2',
  notes: 'Gout bands',
  createdAt: '2026-03-06T06:00:00.000Z',
  updatedAt: '2026-03-06T07:00:00.000Z',
  updatedBy: 'admin2',
  submissionNote: 'Please look at the gout bands',
  submittedBy: 'admin2',
  submittedAt: '2026-03-06T07:00:00.000Z',
  returnNote: null,
  approver: null,
  approvedAt: null,
  activateAt: null,
  version: null,
  releaseId: null,
  conflicts: 0,
};

const RELEASE = {
  id: '4',
  version: '3',
  kind: 'draft' as const,
  draftId: '7',
  status: 'scheduled' as const,
  note: '',
  requestedBy: 'admin2',
  requestedAt: '2026-03-06T07:00:00.000Z',
  approver: 'admin1',
  approvedAt: '2026-03-06T08:00:00.000Z',
  activateAt: '2099-01-01T00:00:00.000Z',
  activatedAt: null,
  cancelledBy: null,
  cancelledAt: null,
};

function versionsScreen(drafts: unknown[], releases: unknown[] = []) {
  return mockApi(
    onEndpoint(endpoints.catalogVersions, () => envelope(VERSIONS)),
    onEndpoint(endpoints.catalogDiff, () =>
      envelope({
        from: '1',
        to: '2',
        parts: [],
        impairments: { added: [], removed: [], changed: [] },
      }),
    ),
    onEndpoint(endpoints.catalogDrafts, () => envelope(drafts)),
    onEndpoint(endpoints.catalogReleases, () => envelope(releases)),
  );
}

const bodiesTo = (api: ReturnType<typeof mockApi>, method: string, pathEnd: string) =>
  api.requests
    .filter((request) => request.method === method && request.url.pathname.endsWith(pathEnd))
    .map((request) => JSON.parse(request.body || '{}') as unknown);

describe('the drafts on the versions screen', () => {
  it('K-03 K-11 a submitted draft of another administrator is approved at a scheduled date and time, in words in English and Chinese', async () => {
    const api = versionsScreen([SUMMARY]);
    api.use(
      onEndpoint(endpoints.catalogDraftApprove, () =>
        envelope({
          draft: { ...SUMMARY, status: 'approved', version: '3', releaseId: '4' },
          version: { ...VERSIONS[0], version: '3', active: false },
          release: RELEASE,
        }),
      ),
    );
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    const table = await screen.findByRole(
      'table',
      { name: 'Catalogue drafts, newest first' },
      { timeout: 5000 },
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Submitted');
    expect(row.textContent).toContain('Please look at the gout bands');

    await inTraditionalChinese(async () => {
      expect(
        await screen.findByRole('table', { name: '問卷目錄草稿（最新的排在最前）' }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: '批准草稿 7' })).toBeTruthy();
    });

    await userEvent.click(screen.getByRole('button', { name: 'Approve draft 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve draft 7' });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Activate at a date and time' }),
    );
    // Without a date and time the dialog says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Choose the date and time of the activation.')).toBeTruthy();
    expect(bodiesTo(api, 'POST', '/approve')).toEqual([]);

    await userEvent.type(
      within(dialog).getByLabelText(/Activation date and time/),
      '2099-01-01T09:30',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [body] = bodiesTo(api, 'POST', '/catalog/drafts/7/approve') as { activateAt: string }[];
    expect(new Date(body!.activateAt).getTime()).toBe(new Date('2099-01-01T09:30').getTime());
  });

  it("K-11 the author is not offered the approval; a refused step shows the server's words in the dialog", async () => {
    // The signed-in person's user name before user info loads.
    const api = versionsScreen([{ ...SUMMARY, author: '--' }]);
    api.use(
      onEndpoint(endpoints.catalogDraftRetire, () =>
        HttpResponse.json(
          { code: 409, message: 'This draft is approved already.' },
          { status: 409 },
        ),
      ),
    );
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    await screen.findByRole('table', { name: 'Catalogue drafts, newest first' });
    expect(screen.queryByRole('button', { name: 'Approve draft 7' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retire draft 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire draft 7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await within(dialog).findByText('This draft is approved already.')).toBeTruthy();
    expect(bodiesTo(api, 'POST', '/catalog/drafts/7/retire')).toHaveLength(1);
  });

  it('K-11 a scheduled activation is cancelled after a confirmation, and an earlier version is asked back with a note', async () => {
    const api = versionsScreen(
      [{ ...SUMMARY, status: 'approved', version: '3', releaseId: '4', approver: 'admin1' }],
      [RELEASE],
    );
    api.use(
      onEndpoint(endpoints.catalogReleaseCancel, () =>
        envelope({ ...RELEASE, status: 'cancelled' }),
      ),
      onEndpoint(endpoints.catalogReleaseRequest, () =>
        envelope({ ...RELEASE, id: '5', kind: 'rollback', version: '1', status: 'requested' }),
      ),
    );
    renderWithApp(<AdminCatalogueRoute />, { path: '/admin/catalogue' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel schedule of draft 7' }),
    );
    const cancel = await screen.findByRole('dialog', {
      name: 'Cancel the scheduled activation of version 3?',
    });
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(api, 'POST', '/catalog/releases/4/cancel')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Roll back to version 1' }));
    const rollback = await screen.findByRole('dialog', { name: 'Roll back to version 1' });
    await userEvent.click(within(rollback).getByRole('button', { name: 'Ask for the rollback' }));
    expect(within(rollback).getByText('Write a note.')).toBeTruthy();
    await userEvent.type(within(rollback).getByLabelText(/Why/), 'Version 2 misprices gout');
    await userEvent.click(within(rollback).getByRole('button', { name: 'Ask for the rollback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(api, 'POST', '/catalog/releases')).toEqual([
      { version: '1', note: 'Version 2 misprices gout' },
    ]);
  });
});

const CATALOG = 'indicators:\n  - { code: LIFE, label: { en: Life, cn_traditional: 人壽 } }\n';
const MINE = '# mine\nuuid: gout\n';
const THEIRS = '# theirs\nuuid: gout\n';

function draft(revision: number, files: Record<string, string>, updatedBy: string) {
  return {
    ...SUMMARY,
    status: 'draft',
    revision,
    updatedBy,
    updatedAt: '2026-03-06T09:15:00.000Z',
    files,
    problems: [],
    conflictCopies: [],
  };
}

describe('the draft page', () => {
  it("K-04 K-05 the structured view shows the check's problems at the fields they concern, as the YAML view shows them at their lines", async () => {
    const condition = structuredClone(SAMPLE);
    condition.questions![0]!.group = 'ss-g-missing';
    mockApi(
      onEndpoint(endpoints.catalogDraft, () =>
        envelope(
          draft(
            3,
            { 'catalog.yaml': CATALOG, 'impairments/studio-sample.yaml': stringify(condition) },
            'admin2',
          ),
        ),
      ),
    );
    renderWithApp(
      <Routes>
        <Route path="/admin/catalogue/drafts/:id" element={<DraftRoute />} />
      </Routes>,
      { path: '/admin/catalogue/drafts/7' },
    );
    await userEvent.click(
      await screen.findByRole('tab', { name: 'Structured' }, { timeout: 5000 }),
    );
    const [group] = await screen.findAllByRole('combobox', { name: 'Group' }, { timeout: 5000 });
    await waitFor(() => expect(group!.getAttribute('aria-invalid')).toBe('true'), {
      timeout: 5000,
    });
    expect(document.getElementById(group!.getAttribute('aria-describedby')!)?.textContent).toBe(
      "no group ss-g-missing in this file's groups",
    );
  });

  it('K-06 a stale save shows who saved, keeps my text, and offers both side by side, theirs, or mine on top', async () => {
    let current = draft(
      3,
      { 'catalog.yaml': CATALOG, 'impairments/gout.yaml': 'uuid: gout\n' },
      'admin2',
    );
    const api = mockApi(
      onEndpoint(endpoints.catalogDraft, () => envelope(current)),
      onEndpoint(endpoints.catalogDraftSave, () =>
        HttpResponse.json(
          {
            code: 409,
            error: 'conflict',
            message: 'The draft was saved by someone else.',
            body: {
              revision: 4,
              updatedBy: 'Bea Admin',
              updatedAt: '2026-03-06T09:15:00.000Z',
              files: { 'impairments/gout.yaml': THEIRS },
              conflictId: '9',
            },
          },
          { status: 409 },
        ),
      ),
    );
    // Unsaved text from an earlier visit, made on revision 3.
    localStorage.setItem(
      'vmer.catalogue-draft.7',
      JSON.stringify({ revision: 3, files: { 'impairments/gout.yaml': MINE } }),
    );
    renderWithApp(
      <Routes>
        <Route path="/admin/catalogue/drafts/:id" element={<DraftRoute />} />
      </Routes>,
      { path: '/admin/catalogue/drafts/7' },
    );
    expect(await screen.findByText(/^Unsaved changes/, {}, { timeout: 5000 })).toBeTruthy();
    // Someone else saves meanwhile.
    current = draft(4, { 'catalog.yaml': CATALOG, 'impairments/gout.yaml': THEIRS }, 'Bea Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert', { name: 'Someone else saved this draft' });
    expect(alert.textContent).toContain('Someone else saved this draft');
    expect(alert.textContent).toContain('Bea Admin saved revision 4 at');
    expect(alert.textContent).toContain('impairments/gout.yaml');
    expect(bodiesTo(api, 'PUT', '/catalog/drafts/7/files')).toEqual([
      { revision: 3, files: { 'impairments/gout.yaml': MINE } },
    ]);
    // My text is still in the browser's keeping.
    expect(localStorage.getItem('vmer.catalogue-draft.7')).toContain('# mine');

    await userEvent.click(within(alert).getByRole('button', { name: 'Compare side by side' }));
    expect(
      await within(alert).findByRole('group', {
        name: 'Your text and their saved text of impairments/gout.yaml, side by side',
      }),
    ).toBeTruthy();

    // Mine on top of theirs: the next save names their revision and sends my text.
    await userEvent.click(within(alert).getByRole('button', { name: 'Reapply mine on top' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Someone else saved this draft' })).toBeNull(),
    );
    expect(screen.getByText(/^Unsaved changes/)).toBeTruthy();
    api.use(
      onEndpoint(endpoints.catalogDraftSave, () =>
        envelope({
          revision: 5,
          updatedAt: '2026-03-06T09:20:00.000Z',
          updatedBy: 'Ada Admin',
          problems: [],
        }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(bodiesTo(api, 'PUT', '/catalog/drafts/7/files').at(-1)).toEqual({
      revision: 4,
      files: { 'impairments/gout.yaml': MINE },
    });
    expect(localStorage.getItem('vmer.catalogue-draft.7')).toBeNull();
  });
});
