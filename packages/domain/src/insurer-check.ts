/**
 * The checks of an insurer edited at /admin/insurers (requirements O-11) that its schema cannot
 * make alone: names in both languages, codes unique where they must be, and conditions the
 * active catalogue has. The web app shows them beside the fields; the server refuses a change
 * that has any (400, each field named), before the catalogue's own lint sees it.
 */
import type { AdminInsurer } from './admin.ts';
import type { Issue } from './model.ts';

/** What the check needs of the catalogue the change is made on. */
export interface InsurerCheckContext {
  /** The impairment uuids of the active catalogue. */
  conditions: ReadonlySet<string>;
  /** For a new insurer: the codes already taken (every insurer of the catalogue). */
  takenCodes?: ReadonlySet<string>;
}

/** The names a bilingual text must have. */
const NAME_LANGUAGES = ['en', 'cn_traditional'] as const;

function checkName(
  name: { en: string; cn_traditional: string },
  path: string,
  issues: Issue[],
): void {
  for (const language of NAME_LANGUAGES) {
    if (name[language].trim() === '')
      issues.push({ code: 'name_required', path: `${path}.${language}` });
  }
}

/** How insurers.yaml writes an insurer's code, and a channel's or a product's. */
const INSURER_CODE = /^[a-z0-9]+$/;
const CODE = /^[A-Za-z0-9_-]+$/;

/** Pushes a `code` issue for each item whose code an earlier item already has. */
function checkUnique(
  items: readonly { code: string }[],
  path: string,
  code: string,
  issues: Issue[],
): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const itemPath = `${path}.${index}.code`;
    if (!CODE.test(item.code)) issues.push({ code: 'code_format', path: itemPath });
    else if (seen.has(item.code)) issues.push({ code, path: itemPath });
    seen.add(item.code);
  });
}

/**
 * The issues of an insurer, each with its path inside the insurer (`channels.0.products.1.code`).
 * @example checkInsurer(insurer, { conditions: new Set(['asthma']) }) // [] when sound
 */
export function checkInsurer(insurer: AdminInsurer, context: InsurerCheckContext): Issue[] {
  const issues: Issue[] = [];
  if (!INSURER_CODE.test(insurer.code)) issues.push({ code: 'insurer_code_format', path: 'code' });
  else if (context.takenCodes?.has(insurer.code))
    issues.push({ code: 'insurer_code_taken', path: 'code' });
  checkName(insurer.name, 'name', issues);
  if (insurer.channels.length === 0) issues.push({ code: 'channels_required', path: 'channels' });
  checkUnique(insurer.channels, 'channels', 'channel_code_twice', issues);
  insurer.channels.forEach((channel, channelIndex) => {
    const channelPath = `channels.${channelIndex}`;
    if (channel.products.length === 0) {
      issues.push({ code: 'products_required', path: `${channelPath}.products` });
    }
    checkUnique(channel.products, `${channelPath}.products`, 'product_code_twice', issues);
    channel.products.forEach((product, productIndex) => {
      const productPath = `${channelPath}.products.${productIndex}`;
      checkName(product.name, `${productPath}.name`, issues);
      if (product.impairments === 'all') return;
      if (product.impairments.length === 0) {
        issues.push({ code: 'conditions_required', path: `${productPath}.impairments` });
      }
      const seen = new Set<string>();
      product.impairments.forEach((uuid, index) => {
        const path = `${productPath}.impairments.${index}`;
        if (!context.conditions.has(uuid))
          issues.push({ code: 'condition_unknown', path, params: { uuid } });
        else if (seen.has(uuid)) issues.push({ code: 'condition_twice', path, params: { uuid } });
        seen.add(uuid);
      });
    });
  });
  return issues;
}
