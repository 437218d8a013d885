import { neutraliseFormula } from '@vmer/domain/formula';

/** Saves a file the page made under its name, as the browser's download. */
function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Saves a base64 xlsx workbook the API answered (an export) under its file name. */
export function downloadBase64(fileName: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveBlob(
    fileName,
    new Blob([bytes], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
}

/** One CSV field: quoted when it must be, text that would start a formula neutralised. */
function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A table as CSV (RFC 4180, CRLF): a byte-order mark first, so that Excel reads it as UTF-8
 * and shows Chinese as written; text cells that would start a formula neutralised, numbers
 * left numbers.
 */
function csvOf(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Saves a table as a CSV file (see {@link csvOf}). */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): void {
  saveBlob(fileName, new Blob([csvOf(header, rows)], { type: 'text/csv;charset=utf-8' }));
}
