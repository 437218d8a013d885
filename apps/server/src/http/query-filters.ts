import { messageText, type MessageKey } from '@vmer/domain';
import { inEveryLanguage } from '@vmer/domain/languages';
import type { CatalogService } from '../catalog/catalog-service.ts';
import { HttpError } from './errors.ts';

/**
 * A 400 of a list or report query (worklist, dashboard) naming the query parameter at fault:
 * `summary` says which screen's filter it is, `message` what is wrong with it.
 */
export function filterRefused(
  summary: MessageKey,
  parameter: string,
  message: MessageKey,
  params?: Record<string, string | number>,
): HttpError {
  return new HttpError(
    400,
    inEveryLanguage((language) => messageText(summary, language, { parameter })),
    [
      {
        path: `query.${parameter}`,
        message: inEveryLanguage((language) => messageText(message, language, params)),
      },
    ],
  );
}

/**
 * The insurers a query reads, checked against the caller's: the ones asked for (each must be
 * the caller's) or else all of the caller's; and a channel or product that one of them has in
 * the active catalogue. 400 otherwise, with `summary` as the answer's message.
 */
export async function checkedScope(
  catalog: CatalogService,
  summary: MessageKey,
  callerInsurers: readonly string[],
  query: {
    insurer?: readonly string[] | undefined;
    channel?: string | undefined;
    product?: string | undefined;
  },
): Promise<string[]> {
  for (const code of query.insurer ?? []) {
    if (!callerInsurers.includes(code)) {
      throw filterRefused(summary, 'insurer', 'worklist_insurer_not_yours', { insurer: code });
    }
  }
  const insurers = query.insurer?.length ? [...new Set(query.insurer)] : [...callerInsurers];
  if (query.channel || query.product) {
    const { catalog: active } = await catalog.active();
    const channels = active.insurers
      .filter((i) => insurers.includes(i.code))
      .flatMap((i) => i.channels)
      .filter((c) => !query.channel || c.code === query.channel);
    if (channels.length === 0) {
      throw filterRefused(summary, 'channel', 'worklist_filter_unknown', {
        value: query.channel ?? '',
      });
    }
    if (query.product && !channels.some((c) => c.products.some((p) => p.code === query.product))) {
      throw filterRefused(summary, 'product', 'worklist_filter_unknown', { value: query.product });
    }
  }
  return insurers;
}
