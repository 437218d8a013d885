import type { AdminInsurer } from '@vmer/domain/admin';
import type { ApiFieldError } from '@vmer/domain/api/envelope';

export type Product = AdminInsurer['channels'][number]['products'][number];
export type Channel = AdminInsurer['channels'][number];

/** A product as first added: no code or names yet, every condition offered. */
export const newProduct = (): Product => ({
  code: '',
  name: { en: '', cn_traditional: '' },
  impairments: 'all',
});

export const newChannel = (): Channel => ({ code: '', products: [newProduct()] });

/** An insurer as first added: one channel with one product, the options off. */
export const newInsurer = (): AdminInsurer => ({
  code: '',
  name: { en: '', cn_traditional: '' },
  smokingList: 'A',
  lastAgeOption: false,
  printCover: false,
  channels: [newChannel()],
});

/** Messages by the path of the field they concern, inside the insurer (`channels.0.code`). */
export type FieldMessages = ReadonlyMap<string, string>;

/**
 * The server's refusal split into messages for fields of the insurer (its paths start with
 * `insurer.`) and the rest, shown as a list (the catalogue's own problems, by file and line).
 */
export function serverMessages(errors: readonly ApiFieldError[]): {
  fields: Map<string, string>;
  other: string[];
} {
  const fields = new Map<string, string>();
  const other: string[] = [];
  for (const { path, message } of errors) {
    if (path.startsWith('insurer.')) fields.set(path.slice('insurer.'.length), message);
    else other.push(path ? `${path}: ${message}` : message);
  }
  return { fields, other };
}

/** The first message of a field or of anything inside it (a list's items). */
export function messageAt(messages: FieldMessages, path: string): string | undefined {
  const own = messages.get(path);
  if (own !== undefined) return own;
  for (const [key, message] of messages) if (key.startsWith(`${path}.`)) return message;
  return undefined;
}
