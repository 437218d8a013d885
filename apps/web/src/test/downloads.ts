import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Runs what a user does to save a file and expects exactly these files saved: the page's
 * download links are caught instead of followed (jsdom cannot save), then put back. Answers
 * the files' contents, in the order they were made.
 */
export async function expectDownloads(
  action: () => Promise<void>,
  fileNames: readonly string[],
): Promise<Blob[]> {
  const downloads: string[] = [];
  const contents: Blob[] = [];
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    contents.push(blob as Blob);
    return 'blob:download';
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
  try {
    await action();
    await waitFor(() => expect(downloads).toEqual(fileNames));
    return contents;
  } finally {
    HTMLAnchorElement.prototype.click = click;
  }
}
