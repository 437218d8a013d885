/**
 * Impact before release (requirements K-09, K-10, design §14): the caller's insurers'
 * disclosures submitted in the last N days, each moved to another catalogue the way the
 * explicit catalogue update moves a draft (planCatalogueUpdate: the same engine, nothing
 * written), measured on the day it was submitted, and tallied by the domain. Rows are read in
 * pages by the index on (insurer_code, submitted_at, id), so memory stays flat at any volume.
 */
import type { Kysely } from 'kysely';
import type { DisclosureDocument } from '@vmer/domain';
import { todayIso } from '@vmer/domain/decision-engine';
import { impactTally, type CatalogImpact } from '@vmer/domain/catalog/impact';
import type { Database } from '../db/schema.ts';
import { planCatalogueUpdate } from '../disclosures/catalogue-update.ts';
import { rowProfile } from '../disclosures/disclosure-mapping.ts';
import type { CatalogService } from './catalog-service.ts';
import type { CatalogView } from './catalog-view.ts';

/** Rows read per query: large enough that the round trips do not count, small enough to stream. */
const PAGE = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ImpactOptions {
  /** The caller's insurers: nobody replays another insurer's business. */
  insurers: readonly string[];
  days: number;
  now?: Date;
}

/**
 * Replays the submitted disclosures of the caller's insurers against `target`. A disclosure
 * whose stored version is gone, or whose document the target cannot take at all, is counted
 * as failed rather than stopping the analysis.
 */
export async function analyseImpact(
  db: Kysely<Database>,
  catalog: Pick<CatalogService, 'version'>,
  target: CatalogView,
  label: string,
  { insurers, days, now = new Date() }: ImpactOptions,
): Promise<CatalogImpact> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const tally = impactTally(label, days, since.toISOString());
  if (insurers.length === 0) return tally.result();
  const views = new Map<string, Promise<CatalogView | undefined>>();
  const viewOf = (version: string) => {
    let view = views.get(version);
    if (!view) views.set(version, (view = catalog.version(version)));
    return view;
  };

  const page = (after?: { at: Date; id: string }) => {
    let query = db
      .selectFrom('disclosures')
      .select([
        'id',
        'application_number',
        'insurer_code',
        'channel',
        'product_code',
        'age',
        'gender',
        'rsm_score',
        'catalog_version',
        'document',
        'submitted_at',
      ])
      .where('insurer_code', 'in', [...insurers])
      .where('submitted_at', '>=', since)
      .where('submitted_at', '<=', now)
      .where('document', 'is not', null)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE);
    if (after) {
      const { at, id } = after;
      query = query.where((eb) =>
        eb.or([eb('submitted_at', '<', at), eb.and([eb('submitted_at', '=', at), eb('id', '<', id)])]),
      );
    }
    return query.execute();
  };

  // The next page is asked for before this one is replayed, so the database reads while the
  // engine works.
  for (let next: ReturnType<typeof page> | undefined = page(); next; ) {
    const rows: Awaited<ReturnType<typeof page>> = await next;
    const last = rows.at(-1);
    next =
      rows.length === PAGE && last?.submitted_at
        ? page({ at: new Date(last.submitted_at), id: last.id })
        : undefined;
    // Awaited at the top of the next round; a failure met before then is not left unhandled.
    next?.catch(() => undefined);
    for (const row of rows) {
      const from = row.catalog_version === null ? undefined : await viewOf(row.catalog_version);
      if (!from || !row.submitted_at) {
        tally.fail();
        continue;
      }
      try {
        const { summary } = planCatalogueUpdate(
          row.document as DisclosureDocument,
          from,
          target,
          rowProfile(row),
          { insurerCode: row.insurer_code, channel: row.channel, productCode: row.product_code },
          todayIso(new Date(row.submitted_at)),
        );
        tally.add(
          { id: row.id, applicationNumber: row.application_number, insurerCode: row.insurer_code },
          summary.conditions,
        );
      } catch {
        tally.fail();
      }
    }
  }
  return tally.result();
}
