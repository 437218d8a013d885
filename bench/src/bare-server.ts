/**
 * The baseline of the save/submit benchmark (design §7): a bare Fastify route doing one
 * INSERT of the posted disclosure document, on the same PostgreSQL with the same pool size as
 * the app. Started as its own process by lifecycle-bench.ts: PORT and DATABASE_URL.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(`create table if not exists bench_bare (
  id bigint generated always as identity primary key,
  application_number text not null,
  document jsonb not null,
  created_at timestamptz not null default now()
)`);

const app = Fastify({ bodyLimit: 2 * 1024 * 1024 });
app.post('/bare', async (request) => {
  const body = request.body as { applicationNumber: string; disclosureJson: string };
  const result = await pool.query<{ id: string }>(
    'insert into bench_bare (application_number, document) values ($1, $2) returning id',
    [body.applicationNumber, body.disclosureJson],
  );
  return { code: 200, body: { id: result.rows[0]?.id } };
});
app.get('/ready', async () => ({ code: 200 }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
