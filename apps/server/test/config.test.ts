import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('settings', () => {
  it('OIDC_ACCESS_TOKEN_TTL sets the access-token lifetime in seconds: 900 unless given, 70 to 86400', () => {
    expect(loadConfig({}).auth.accessTokenTtl).toBe(900);
    expect(loadConfig({ OIDC_ACCESS_TOKEN_TTL: '70' }).auth.accessTokenTtl).toBe(70);
    expect(loadConfig({ OIDC_ACCESS_TOKEN_TTL: '86400' }).auth.accessTokenTtl).toBe(86_400);
    for (const [value, problem] of [
      ['69', 'must be at least 70 (seconds)'],
      ['86401', 'must be at most 86400 (seconds)'],
      ['ten', 'must be a number'],
      ['90.5', 'must be a whole number'],
    ]) {
      expect(() => loadConfig({ OIDC_ACCESS_TOKEN_TTL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ OIDC_ACCESS_TOKEN_TTL: value })).toThrow(
        `OIDC_ACCESS_TOKEN_TTL: ${problem}`,
      );
    }
  });

  it('W-14 REVIEW_CLAIM_MINUTES sets how long a review claim lasts: 60 unless given, 1 to 10080', () => {
    expect(loadConfig({}).reviewClaimMinutes).toBe(60);
    expect(loadConfig({ REVIEW_CLAIM_MINUTES: '1' }).reviewClaimMinutes).toBe(1);
    expect(loadConfig({ REVIEW_CLAIM_MINUTES: '10080' }).reviewClaimMinutes).toBe(10_080);
    for (const [value, problem] of [
      ['0', 'must be at least 1 (minute)'],
      ['10081', 'must be at most 10080 (minutes, a week)'],
      ['an hour', 'must be a number'],
      ['1.5', 'must be a whole number'],
    ]) {
      expect(() => loadConfig({ REVIEW_CLAIM_MINUTES: value })).toThrow(
        `REVIEW_CLAIM_MINUTES: ${problem}`,
      );
    }
  });

  it('I-15 DEVICE_COPY_MAX_AGE_HOURS sets how long a browser keeps a device copy: 72 unless given, 1 to 720', () => {
    expect(loadConfig({}).deviceCopyMaxAgeHours).toBe(72);
    expect(loadConfig({ DEVICE_COPY_MAX_AGE_HOURS: '1' }).deviceCopyMaxAgeHours).toBe(1);
    expect(loadConfig({ DEVICE_COPY_MAX_AGE_HOURS: '720' }).deviceCopyMaxAgeHours).toBe(720);
    for (const [value, problem] of [
      ['0', 'must be at least 1 (hour)'],
      ['721', 'must be at most 720 (hours, 30 days)'],
      ['a day', 'must be a number'],
    ]) {
      expect(() => loadConfig({ DEVICE_COPY_MAX_AGE_HOURS: value })).toThrow(
        `DEVICE_COPY_MAX_AGE_HOURS: ${problem}`,
      );
    }
  });

  it('N-12 DB_POOL_SIZE, DB_CONNECT_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS are bounded, each problem one line naming its variable', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/vmer';
    expect(
      loadConfig({
        DATABASE_URL: url,
        DB_POOL_SIZE: '5',
        DB_CONNECT_TIMEOUT_MS: '60000',
        DB_STATEMENT_TIMEOUT_MS: '3600000',
      }).database,
    ).toEqual({
      kind: 'postgres',
      url,
      pool: { size: 5, connectTimeoutMs: 60_000, statementTimeoutMs: 3_600_000 },
    });
    for (const [name, value, problem] of [
      ['DB_POOL_SIZE', '1', 'must be at least 2'],
      ['DB_POOL_SIZE', '1001', 'must be at most 1000'],
      ['DB_CONNECT_TIMEOUT_MS', '60001', 'must be at most 60000 (ms, a minute)'],
      ['DB_STATEMENT_TIMEOUT_MS', '99', 'must be at least 100 (ms)'],
      ['DB_STATEMENT_TIMEOUT_MS', '3600001', 'must be at most 3600000 (ms, an hour)'],
    ] as const) {
      expect(() => loadConfig({ DATABASE_URL: url, [name]: value })).toThrow(
        new ConfigError(`${name}: ${problem}`),
      );
    }
    let error: unknown;
    try {
      loadConfig({ DB_POOL_SIZE: 'many', DB_STATEMENT_TIMEOUT_MS: '5' });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message.split('\n')).toEqual([
      'Invalid configuration: DB_POOL_SIZE: must be a number',
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS: must be at least 100 (ms)',
    ]);
  });

  it('N-08 DATABASE_LISTEN_URL names where the announcements connection listens: a postgres:// URL, with DATABASE_URL only', () => {
    const url = 'postgres://vmer@pgbouncer:6432/vmer';
    const direct = 'postgres://vmer@db:5432/vmer';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_LISTEN_URL: direct }).database).toMatchObject({
      url,
      listenUrl: direct,
    });
    expect(loadConfig({ DATABASE_URL: url }).database).not.toHaveProperty('listenUrl');
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_LISTEN_URL: 'http://db' })).toThrow(
      new ConfigError('DATABASE_LISTEN_URL: must be a postgres:// URL'),
    );
    expect(() => loadConfig({ DATABASE_LISTEN_URL: direct })).toThrow(
      new ConfigError('DATABASE_LISTEN_URL: only used with DATABASE_URL (PostgreSQL)'),
    );
  });

  it('N-08 DASHBOARD_REFRESH_MS sets how often the dashboard job runs: 60000 unless given, 1000 to 3600000', () => {
    expect(loadConfig({}).dashboardRefreshMs).toBe(60_000);
    expect(loadConfig({ DASHBOARD_REFRESH_MS: '1000' }).dashboardRefreshMs).toBe(1000);
    expect(() => loadConfig({ DASHBOARD_REFRESH_MS: '999' })).toThrow(
      new ConfigError('DASHBOARD_REFRESH_MS: must be at least 1000 (ms, a second)'),
    );
  });
});
