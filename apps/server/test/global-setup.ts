import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import type { Database } from '../src/db/schema.ts';
import './provided-templates.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Migrates one database of each kind once per run: each test app's database starts as a copy of
 * it (PGlite: the dumped data directory; PostgreSQL: CREATE DATABASE … TEMPLATE) instead of
 * running initdb and every migration again. The app still runs `migrate` at start, which finds
 * the files applied and checks their SHA-256 against the ones recorded.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const file = join(tmpdir(), `vmer-pglite-template-${process.pid}.tar`);
  let template: ScratchDatabase | undefined;
  const cleanUp = async () => {
    await Promise.all([rm(file, { force: true }), template?.drop()]);
  };
  try {
    await Promise.all([
      (async () => {
        const client = await PGlite.create();
        const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
        try {
          await migrate(db);
          const dump = await client.dumpDataDir('none');
          await writeFile(file, Buffer.from(await dump.arrayBuffer()));
        } finally {
          await db.destroy();
        }
      })(),
      (async () => {
        if (!POSTGRES_URL) return;
        template = await createScratchDatabase(POSTGRES_URL, 'vmer_template');
        const database = await openDatabase({ kind: 'postgres', url: template.url });
        try {
          await migrate(database.db);
        } finally {
          await database.close();
        }
      })(),
    ]);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', template?.name ?? '');
  return cleanUp;
}
