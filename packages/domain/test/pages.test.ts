import { describe, expect, it } from 'vitest';
import { isPagePath } from '../src/pages.ts';

describe('the page table', () => {
  it('T-24 matches each page with its parameters filled, and nothing longer or shorter', () => {
    for (const path of [
      '/',
      '/home/',
      '/questionnaire',
      '/questionnaire/REQ-1',
      '/admin/catalogue/drafts/7',
    ])
      expect(isPagePath(path), path).toBe(true);
    for (const path of [
      '/questionnaire/a/b',
      '/admin',
      '/admin/catalogue/drafts',
      '/homes',
      '/home.html',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});
