import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../../app/store.ts';
import { api, apiGet } from '../../../lib/api-client.ts';
import { longOperationEnded, longOperationStarted } from '../../../lib/feedback-events.ts';
import { answerEveryCall, mockApi, ok, unreachable, type MockApi } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ApiErrorSnackbar } from '../components/api-error-snackbar.tsx';
import { GlobalSpinner } from '../components/global-spinner.tsx';
import { NetworkErrorBanner } from '../components/network-error-banner.tsx';
import { TopProgressBar } from '../components/top-progress-bar.tsx';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => apiGet(path) }),
  }),
});

function GlobalFeedback() {
  return (
    <>
      <TopProgressBar />
      <NetworkErrorBanner />
      <ApiErrorSnackbar />
      <GlobalSpinner />
    </>
  );
}

let server: MockApi | null = null;
afterEach(() => {
  server = null;
});

function setup() {
  const store = createStore();
  renderWithApp(<GlobalFeedback />, { store });
  const start = (path: string) => store.dispatch(probeApi.endpoints.probe.initiate(path));
  const call = async (path: string) => {
    let result: Awaited<ReturnType<typeof start>> | undefined;
    await act(async () => {
      result = await start(path);
    });
    return result!;
  };
  return { store, start, call };
}

describe('global feedback', () => {
  it('L-25 S-01 S-02 the progress bar shows while a request is out and goes when its answer arrives', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server = answerEveryCall(() => ({ ...ok({ fine: true }), release: held }));
    const { store, start } = setup();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();

    let pending: ReturnType<typeof start> | undefined;
    await act(async () => {
      pending = start('probe/held');
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(store.getState().globalFeedback.loadingStatus).toBe('Start');

    release();
    await act(async () => {
      await pending;
    });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull());
    expect(store.getState().globalFeedback.loadingStatus).toBe('Finish');
  });

  it('A-07 an answer with code 200 gives its body to the caller', async () => {
    server = answerEveryCall(() => ok({ userName: 'uw1' }));
    const { store, call } = setup();
    const result = await call('user/info/get');
    expect(result.data).toEqual({ userName: 'uw1' });
    expect(store.getState().globalFeedback.apiError.open).toBe(false);
  });

  it('X-01 S-04 L-27 a code other than 200 raises the API-error flag and shows the message top centre', async () => {
    server = answerEveryCall(() => ({
      status: 400,
      json: { code: 400, message: 'Application number is required' },
    }));
    const { store, call } = setup();
    const result = await call('disease/list');
    expect(result.isError).toBe(true);

    const alert = await screen.findByTestId('api-error-snackbar');
    expect(alert.textContent).toContain('Application number is required');
    expect(alert.closest('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
    expect(store.getState().globalFeedback.apiError).toMatchObject({
      open: true,
      message: 'Application number is required',
    });
    // A business failure is not a network failure: no banner.
    expect(screen.queryByTestId('network-error-banner')).toBeNull();
  });

  it('X-01 an envelope code other than 200 fails the call even under HTTP 200', async () => {
    server = answerEveryCall(() => ({ json: { code: 409, message: 'Stale version' } }));
    const { store, call } = setup();
    const result = await call('impairment/video_mer/disclosure/save');
    expect(result.isError).toBe(true);
    expect((await screen.findByTestId('api-error-snackbar')).textContent).toContain(
      'Stale version',
    );
    expect(store.getState().globalFeedback.apiError.open).toBe(true);
  });

  it('X-09 an HTTP status outside 200-299 fails the call, whatever the body says', async () => {
    server = answerEveryCall(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const { call } = setup();
    const result = await call('insurer/list');
    expect(result.isError).toBe(true);
    expect(result.data).toBeUndefined();
    expect((await screen.findByTestId('api-error-snackbar')).textContent).toContain(
      'Request failed with status code 502',
    );
  });

  it('S-06 closing the snackbar clears the API-error flag until the next error', async () => {
    server = answerEveryCall(() => ({
      status: 404,
      json: { code: 404, message: 'Not found' },
    }));
    const { store, call } = setup();
    await call('disease/list/unknown');
    const alert = await screen.findByTestId('api-error-snackbar');
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(store.getState().globalFeedback.apiError.open).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('api-error-snackbar')).toBeNull());

    await call('disease/list/other');
    expect(await screen.findByTestId('api-error-snackbar')).toBeTruthy();
    expect(store.getState().globalFeedback.apiError.open).toBe(true);
  });

  it('L-26 S-03 S-05 X-02 X-03 X-04 X-05 a transport error: status Error, red filled Network Error banner that can be dismissed, message in the snackbar', async () => {
    server = mockApi(unreachable());
    const { store, call } = setup();
    const result = await call('user/info/get');
    expect(result.isError).toBe(true);
    expect(store.getState().globalFeedback.loadingStatus).toBe('Error');

    const banner = await screen.findByTestId('network-error-banner');
    expect(banner.textContent).toContain('Network Error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.className).toContain('MuiAlert-filled');
    expect(banner.className).toContain('MuiAlert-colorError');

    const snackbar = await screen.findByTestId('api-error-snackbar');
    expect(snackbar.textContent).toContain('Network Error');
    expect(store.getState().globalFeedback.apiError).toMatchObject({
      open: true,
      kind: 'transport',
    });

    await userEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('network-error-banner')).toBeNull());
  });

  it("T-14 the Network Error banner goes away when the failed call succeeds again, not on another call's success", async () => {
    server = mockApi(unreachable());
    const { store, call } = setup();
    expect((await call('user/info/get')).isError).toBe(true);
    await screen.findByTestId('network-error-banner');

    server = answerEveryCall(() => ok({ fine: true }));
    expect((await call('insurer/list')).isError).toBe(false);
    expect(screen.getByTestId('network-error-banner')).toBeTruthy();
    await act(async () => {
      await store.dispatch(
        probeApi.endpoints.probe.initiate('user/info/get', { forceRefetch: true }),
      );
    });
    await waitFor(() => expect(screen.queryByTestId('network-error-banner')).toBeNull());
    expect(store.getState().globalFeedback.loadingStatus).toBe('Finish');
    await waitFor(() => expect(screen.queryByTestId('api-error-snackbar')).toBeNull());
  });

  it("T-14 the Network Error banner's Retry sends the failed call again and clears the banner when it succeeds", async () => {
    server = mockApi(unreachable());
    const { store, call } = setup();
    expect((await call('probe/retried')).isError).toBe(true);
    const banner = await screen.findByTestId('network-error-banner');

    server = answerEveryCall(() => ok({ back: true }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('network-error-banner')).toBeNull());
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/api/probe/retried']);
    await waitFor(() =>
      expect(probeApi.endpoints.probe.select('probe/retried')(store.getState()).data).toEqual({
        back: true,
      }),
    );
  });

  it('L-28 the full-screen spinner shows while a long operation runs', async () => {
    const { store } = setup();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    act(() => {
      store.dispatch(longOperationStarted());
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    act(() => {
      store.dispatch(longOperationEnded());
    });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull());
  });
});
