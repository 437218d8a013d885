import { DEFAULT_LANGUAGE, languageOfTag, type Language } from '@vmer/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's language: the signed-in user's choice, else the first of Accept-Language
 * that the product speaks (by the tags of the domain's language table: Simplified Chinese for
 * zh-Hans and zh-CN, any other Chinese Traditional), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  if (request.user) return request.user.language;
  return languageFromHeader(request.headers['accept-language']);
}

export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
