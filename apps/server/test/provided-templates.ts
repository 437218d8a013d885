/**
 * What the server project's global setup (global-setup.ts) hands the test files: the run's
 * migrated databases, which helpers.ts copies for each test app. Imported by both, and so by
 * every project that type-checks the helpers.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir), or '' when none was made. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database that test databases are copied from, or ''. */
    postgresTemplate: string;
  }
}

export {};
