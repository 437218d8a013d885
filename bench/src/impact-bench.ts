/**
 * Requirements K-10: the impact of a catalogue version over 100,000 submitted disclosures
 * (K-09) answers within 30 s on PostgreSQL. The app runs in a process of its own against a
 * database kept for this benchmark (`vmer_bench_impact`): one disclosure is submitted through
 * the API on the shipped version and copied 100,000 times over the last 90 days the first
 * time; the revised catalogue (Gallstones' decisions raised) is uploaded beside it, not
 * activated. The baseline is PostgreSQL reading the same documents without replaying them.
 */
import type pg from 'pg';
import { apiPath, endpoints } from '@vmer/domain/api';
import type { CatalogImpact } from '@vmer/domain/catalog/impact';
import type { DisclosureRequestCreated, DisclosureView } from '@vmer/domain/lifecycle';
import { signIn } from '../../apps/server/src/cli/sign-in.ts';
import { revisedCatalog } from '../../apps/server/test/catalog/revised-catalog.ts';
import {
  answeredDocument,
  DISCLOSURE_API,
  disclosureFields,
  PHKL,
  sampleCatalog,
} from '../../apps/server/test/disclosures/fixtures.ts';
import { benchDatabase, skipped, withBenchServer, withClient } from './bench-database.ts';
import { formatRatio, formatUs, measureAsync, type Row } from './harness.ts';

const DATABASE = 'vmer_bench_impact';
const ROWS = 100_000;
const DAYS = 90;
const RUNS = 3;
const TARGET_US = 30_000_000;
const BENCHMARK = `impact of a version over ${ROWS.toLocaleString('en')} submitted disclosures`;

/** A JSON call of the app as a token's holder; throws on anything but 200. */
async function call<T>(appUrl: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${appUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { body: T }).body;
}

/** One disclosure submitted through the API on the active (shipped) version; answers its id. */
async function submitOne(appUrl: string, token: string): Promise<string> {
  const catalog = await sampleCatalog();
  const request = await call<DisclosureRequestCreated>(appUrl, `${DISCLOSURE_API}/request`, token, {
    applicationNumber: 'IMPACT0',
    ...PHKL,
  });
  const view = await call<DisclosureView>(
    appUrl,
    `${DISCLOSURE_API}/disclosure/${request.requestId}`,
    token,
  );
  await call(appUrl, `${DISCLOSURE_API}/disclosure/submit`, token, {
    id: view.id,
    requestId: view.requestId,
    version: view.version,
    applicationNumber: 'IMPACT0',
    ...disclosureFields(answeredDocument(catalog, '1', ['gallstones', 'asthma'])),
  });
  return view.id;
}

/** Copies the disclosure `id` until ROWS are submitted within the last DAYS days. */
async function seed(client: pg.Client, id: string): Promise<void> {
  const columns = (
    await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_name = 'disclosures' and table_schema = current_schema()
         and column_name not in ('id', 'request_id', 'application_number', 'submitted_at')`,
    )
  ).rows.map(({ name }) => `"${name}"`);
  await client.query(
    `insert into disclosures (id, request_id, application_number, submitted_at, ${columns.join(', ')})
     select gen_random_uuid(), gen_random_uuid(), 'IMP' || lpad(i::text, 7, '0'),
       now() - interval '1 hour' - (i % ${DAYS - 1}) * interval '1 day' - (i % 3600) * interval '1 second',
       ${columns.map((c) => `d.${c}`).join(', ')}
     from disclosures d cross join generate_series(1, ${ROWS - 1}) as i where d.id = $1`,
    [id],
  );
  await client.query('vacuum analyze disclosures');
}

/** The impact benchmark's row, on PostgreSQL only. */
export async function impactRows(): Promise<Row[]> {
  const url = await benchDatabase(DATABASE);
  if (!url) return skipped([BENCHMARK]);
  return withBenchServer(url, { NODE_ENV: 'development' }, async (appUrl) => {
    const [admin, interviewer] = await Promise.all([
      signIn({ url: appUrl, user: 'admin1', password: 'demo' }),
      signIn({ url: appUrl, user: 'interviewer1', password: 'demo' }),
    ]);
    await withClient(url, async (client) => {
      const found = await client.query<{ n: string }>(
        'select count(*) as n from disclosures where submitted_at is not null',
      );
      if (Number(found.rows[0]!.n) < ROWS) await seed(client, await submitOne(appUrl, interviewer));
    });
    const { version } = await call<{ version: { version: string } }>(
      appUrl,
      apiPath(endpoints.catalogVersions),
      admin,
      { files: await revisedCatalog(), notes: 'impact benchmark' },
    );
    let last: CatalogImpact | undefined;
    const analyse = async () => {
      last = await call<CatalogImpact>(
        appUrl,
        `${apiPath(endpoints.catalogImpact, { version: version.version })}?days=${DAYS}`,
        admin,
      );
    };
    const at = await measureAsync(analyse, RUNS, 0);
    if (!last || last.replayed < ROWS || last.changed < ROWS) {
      throw new Error(`the impact replayed ${last?.replayed} and changed ${last?.changed}`);
    }
    const read = await withClient(url, (client) =>
      measureAsync(
        () =>
          client.query(
            `select id, document from disclosures
             where insurer_code = any($1) and submitted_at >= now() - $2 * interval '1 day'`,
            [['phkl', 'slhk', 'demo'], DAYS],
          ),
        RUNS,
        0,
      ),
    );
    return [
      {
        benchmark: BENCHMARK,
        result: `median ${formatUs(at(0.5))}, max ${formatUs(at(1))}`,
        baseline: `reading the same documents: median ${formatUs(read(0.5))}`,
        ratio: formatRatio(at(0.5), read(0.5)),
        target: `< ${formatUs(TARGET_US)}`,
        ok: at(1) < TARGET_US,
      },
    ];
  });
}
