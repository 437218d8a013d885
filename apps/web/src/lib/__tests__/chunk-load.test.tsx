import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '../../app/route-error.tsx';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  lazyChunk,
  loadChunk,
  loadedOnce,
} from '../chunk-load.ts';
import { initI18n } from '../i18n.ts';

const never = () => new Promise<never>(() => {});

describe('chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('X-06 a missing chunk fails as ChunkLoadError named by its file', async () => {
    const missing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://localhost:3000/assets/home-B2x9aQ.js',
        ),
      );
    const error = await loadChunk('home', missing)().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).chunk).toBe('home-B2x9aQ.js');
    expect((error as Error).message).toBe('Loading chunk home-B2x9aQ.js failed');
  });

  it('X-08 a chunk failing through the network (Firefox and Safari wording, a failed preload) is a ChunkLoadError', async () => {
    for (const message of [
      'error loading dynamically imported module: http://host/assets/privacy-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/landing-2.css',
    ]) {
      const error = await loadChunk('privacy', () =>
        Promise.reject(new TypeError(message)),
      )().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChunkLoadError);
    }
  });

  it('a module that loads but throws is not a chunk failure', async () => {
    const broken = new Error('Cannot read properties of undefined');
    const error = await loadChunk('home', () => Promise.reject(broken))().catch((e: unknown) => e);
    expect(error).toBe(broken);
  });

  it('X-07 C-22 a chunk not loaded within 120 seconds fails', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk('home', never)().then(
      () => (settled = 'loaded'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect((settled as Error).message).toBe('Loading chunk home failed');
  });

  it('F-01 a lazy page whose code has loaded shows at once, its loading fallback never first: React holds back what replaces a fallback', async () => {
    const module = { Page: () => <p>The page</p> };
    const imported = Promise.resolve(module);
    const Page = lazyChunk(
      'page',
      () => imported,
      (loaded) => loaded.Page,
    );
    Page.preload();
    await imported;
    await new Promise((resolve) => setTimeout(resolve, 0));
    let fallbacks = 0;
    function Loading() {
      fallbacks += 1;
      return <p>Loading</p>;
    }
    render(
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(fallbacks).toBe(0);
  });

  it('a chunk loaded once is kept: calls while it loads share the load, and a failed load is tried again at the next call', async () => {
    const attempts: ((value: string) => void)[] = [];
    const failures: ((error: Error) => void)[] = [];
    const chunk = loadedOnce(
      () =>
        new Promise<string>((resolve, reject) => {
          attempts.push(resolve);
          failures.push(reject);
        }),
    );
    const first = chunk.load();
    const joined = chunk.load();
    expect(attempts).toHaveLength(1);
    failures[0]!(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(joined).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    const again = chunk.load();
    expect(attempts).toHaveLength(2);
    attempts[1]!('the picker');
    expect(await again).toBe('the picker');
    expect(chunk.loaded()).toBe('the picker');
    expect(await chunk.load()).toBe('the picker');
    expect(attempts).toHaveLength(2);
  });

  it("a lazy component's code whose first load failed is loaded again by its next ready", async () => {
    let calls = 0;
    const Page = lazyChunk(
      'page',
      () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(
              new TypeError('Failed to fetch dynamically imported module: /assets/page-1.js'),
            )
          : Promise.resolve({ Page: () => <p>The page</p> });
      },
      (module) => module.Page,
    );
    await expect(Page.ready()).rejects.toBeInstanceOf(ChunkLoadError);
    await Page.ready();
    expect(calls).toBe(2);
    render(<Page />);
    expect(screen.getByText('The page')).toBeTruthy();
  });

  it('X-06 the route error shows "Loading chunk {n} failed" with a reload button', async () => {
    initI18n('en');
    const Home = lazy(() =>
      loadChunk('home', () =>
        Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: http://x/assets/home-Zz9.js'),
        ),
      )(),
    );
    render(
      <MemoryRouter>
        <RouteBoundary>
          <Home />
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk home-Zz9.js failed' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
