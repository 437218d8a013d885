import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newContext, browserSuite, serverUrl } from '../src/browser.ts';

const baseUrl = serverUrl();
const suite = browserSuite();

describe('page weight (design §7)', () => {
  it('the sign-in page loads less than 250 KB of gzipped JavaScript', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total / 1024).toBeLessThan(250);
    await context.close();
  });
});
