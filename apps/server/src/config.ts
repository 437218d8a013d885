import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '@vmer/domain/api';
import { REVIEW_CLAIM_MINUTES_DEFAULT } from '@vmer/domain/workbench';
import { z } from 'zod';
import {
  DEFAULT_CLAIM_SETTINGS,
  parseClaimList,
  parseGroupMap,
  type ClaimSettings,
  type Grant,
} from './auth/claims.ts';

const WEB_DIST_DEFAULT = fileURLToPath(new URL('../../web/dist', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR block, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which reverse proxies' X-Forwarded-* headers are believed: none (`false`), the nearest
 * `n` hops, or the proxies at the listed addresses. Trusting every hop (`true`) is refused:
 * any caller could then name its own address in X-Forwarded-For and escape the limits.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDRs ' +
        '(e.g. 10.0.0.0/8); trusting every proxy (true) would let any caller choose its address',
    });
    return z.NEVER;
  });

/** OIDC_CLAIM_*: claim names or dotted paths, separated by commas (requirements N-06). */
const claimList = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const parsed = parseClaimList(value);
    if ('names' in parsed) return parsed.names;
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  });

/** OIDC_GROUP_MAP: one issue per bad entry, each its own line at start. */
const groupMap = z.string().transform((value, ctx): Map<string, Grant> => {
  const parsed = parseGroupMap(value);
  if ('map' in parsed) return parsed.map;
  for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

const positiveInt = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: positiveInt.max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' })
    .optional(),
  // LISTEN needs a session of its own: behind a transaction-mode pooler, a direct address.
  DATABASE_LISTEN_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' })
    .optional(),
  // Start-up and the retention sweep hold one connection for their advisory lock while they work on another.
  DB_POOL_SIZE: positiveInt
    .min(2, 'must be at least 2')
    .max(1000, 'must be at most 1000')
    .default(20),
  DB_CONNECT_TIMEOUT_MS: positiveInt
    .min(100, 'must be at least 100 (ms)')
    .max(60_000, 'must be at most 60000 (ms, a minute)')
    .default(5000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt
    .min(100, 'must be at least 100 (ms)')
    .max(3_600_000, 'must be at most 3600000 (ms, an hour)')
    .default(30_000),
  PUBLIC_URL: httpUrl
    .refine((value) => !/[?#]/.test(value), 'must not have a query or a fragment')
    .optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).optional(),
  OIDC_CLAIM_USERNAME: claimList.optional(),
  OIDC_CLAIM_ROLES: claimList.optional(),
  OIDC_CLAIM_INSURERS: claimList.optional(),
  OIDC_CLAIM_GROUPS: claimList.optional(),
  OIDC_GROUP_MAP: groupMap.optional(),
  // The browser renews a token 60 s before it expires, so a shorter life would renew non-stop.
  OIDC_ACCESS_TOKEN_TTL: positiveInt
    .min(70, 'must be at least 70 (seconds)')
    .max(86_400, 'must be at most 86400 (seconds)')
    .default(15 * 60),
  ALLOW_EMBEDDED_IDP: booleanFlag.default(false),
  TRUST_PROXY: trustProxySetting.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COMPANY_NAME: z.string().min(1).optional(),
  HELP_DESK_EMAIL: z
    .email({ message: 'must be an e-mail address' })
    .default('helpdesk@example.com'),
  API_RATE_LIMIT: positiveInt.default(1200),
  SIGN_IN_RATE_LIMIT: positiveInt.default(30),
  AUTH_FAILURE_RATE_LIMIT: positiveInt.default(60),
  WEB_DIST: z.string().min(1).default(WEB_DIST_DEFAULT),
  DASHBOARD_REFRESH_MS: positiveInt
    .min(1000, 'must be at least 1000 (ms, a second)')
    .max(3_600_000, 'must be at most 3600000 (ms, an hour)')
    .default(60_000),
  CATALOGUE_RELEASE_CHECK_MS: positiveInt
    .min(1000, 'must be at least 1000 (ms, a second)')
    .max(3_600_000, 'must be at most 3600000 (ms, an hour)')
    .default(30_000),
  LOG_RETENTION_DAYS: positiveInt.max(36_500, 'must be at most 36500 (days)').default(365),
  // A week at most: a claim held longer than that is forgotten, not a review in progress.
  REVIEW_CLAIM_MINUTES: positiveInt
    .min(1, 'must be at least 1 (minute)')
    .max(10_080, 'must be at most 10080 (minutes, a week)')
    .default(REVIEW_CLAIM_MINUTES_DEFAULT),
  // I-15: a device copy older than this is removed by the browser; a month at most.
  DEVICE_COPY_MAX_AGE_HOURS: positiveInt
    .min(1, 'must be at least 1 (hour)')
    .max(720, 'must be at most 720 (hours, 30 days)')
    .default(72),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .min(16, 'must be at least 16 characters')
    .optional(),
  // OpenTelemetry (N-20): set, the server exports its traces to this OTLP/HTTP collector.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('video-mer'),
  // Webhooks (design §13, N-03): how long a delivery may take, how long it is retried, the
  // first retry's delay (doubled at each failure, at most an hour) and how often due ones are sought.
  WEBHOOK_TIMEOUT_MS: positiveInt
    .min(100, 'must be at least 100 (ms)')
    .max(60_000, 'must be at most 60000 (ms, a minute)')
    .default(10_000),
  WEBHOOK_RETRY_WINDOW_SECONDS: positiveInt
    .min(1, 'must be at least 1 (second)')
    .max(604_800, 'must be at most 604800 (seconds, a week)')
    .default(86_400),
  WEBHOOK_BACKOFF_BASE_MS: positiveInt
    .min(10, 'must be at least 10 (ms)')
    .max(3_600_000, 'must be at most 3600000 (ms, an hour)')
    .default(5_000),
  WEBHOOK_POLL_MS: positiveInt
    .min(10, 'must be at least 10 (ms)')
    .max(60_000, 'must be at most 60000 (ms, a minute)')
    .default(1_000),
});

/** Where the data lives: embedded PGlite in a directory (or `memory://`), or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      pool?: PoolSettings;
      /** Where the announcements connection LISTENs (DATABASE_LISTEN_URL); `url` when unset. */
      listenUrl?: string;
    };

/** How the PostgreSQL pool connects and how long it lets a statement run. */
export interface PoolSettings {
  /** Connections at most. */
  size: number;
  /** How long getting a connection may take before the request fails. */
  connectTimeoutMs: number;
  /**
   * How long a statement may run: PostgreSQL cancels it then (statement_timeout), and the
   * client gives up a little later when no answer comes at all (a cut network).
   */
  statementTimeoutMs: number;
}

/** Sign-in: the embedded provider mounted at /oidc, or an external OpenID Connect issuer. */
interface AuthConfig {
  embedded: boolean;
  issuer: string;
  clientId: string;
  audience: string;
  scope: string;
  /** Lifetime in seconds of the access tokens the embedded provider issues. */
  accessTokenTtl: number;
  /** Which claims of an external issuer's tokens carry what, and what its groups grant. */
  claims: ClaimSettings;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /**
   * PUBLIC_URL's path without its trailing slash: '' at the root, '/vmer' under a sub-path
   * (requirements N-11). Requests arrive with it (a proxy passing the path on) or without it (a
   * proxy cutting it off); the addresses the server writes always carry it.
   */
  basePath: string;
  /**
   * Whose X-Forwarded-For and X-Forwarded-Proto are believed: nobody (false), the nearest
   * n proxies, or the proxies at these addresses and CIDR blocks. Never every hop.
   */
  trustProxy: false | number | string[];
  database: DatabaseConfig;
  auth: AuthConfig;
  logLevel: string;
  /** COMPANY_NAME: the copyright owner and sign-in brand; null when unset (the product's name alone). */
  companyName: string | null;
  helpDeskEmail: string;
  /** Requests per minute per caller on /api; 0 switches the limit off. */
  apiRateLimit: number;
  /** Failed sign-ins per minute per address; 0 switches the limit off. */
  signInRateLimit: number;
  /**
   * Requests per minute per address refused for a missing or invalid token (401 on /api) or
   * for wrong client credentials at the token endpoint; beyond it, 429. 0 switches it off.
   */
  authFailureRateLimit: number;
  webDist: string;
  /**
   * The bearer token /metrics asks for; null leaves it open in development and closes it
   * (404) in production.
   */
  metricsToken: string | null;
  /**
   * Where traces go (OTEL_EXPORTER_OTLP_ENDPOINT, its /v1/traces) under which service name;
   * null: no tracing, and none of its code is loaded.
   */
  tracing: { endpoint: string; serviceName: string } | null;
  /**
   * Days the logging calls' rows and the questionnaire instances are kept; 0 keeps them for
   * ever. Disclosures and their audit trail are never swept.
   */
  logRetentionDays: number;
  /**
   * Minutes a review claim lasts (design §10): after them without a release the claim lapses
   * by itself and another underwriter may claim the disclosure.
   */
  reviewClaimMinutes: number;
  /** How long a browser keeps a questionnaire's device copy, in hours (I-15). */
  deviceCopyMaxAgeHours: number;
  /** How often one of the servers brings the dashboard's rollups up to date, in milliseconds. */
  dashboardRefreshMs: number;
  /** How often one of the servers activates the catalogue releases that are due (K-11). */
  catalogueReleaseCheckMs: number;
  /** Webhook deliveries (design §13, requirements N-03). */
  webhooks: WebhookSettings;
}

/** How webhook deliveries are sent and retried (design §13). */
export interface WebhookSettings {
  /** How long one delivery request may take before it counts as failed. */
  timeoutMs: number;
  /** How long a delivery is retried before it is dead-lettered. */
  retryWindowMs: number;
  /** The delay before the first retry; each further failure doubles it (with jitter), to an hour. */
  backoffBaseMs: number;
  /** How often the worker looks for due deliveries. */
  pollMs: number;
}

/**
 * Thrown when the environment is unusable. The message has one line per problem, each
 * naming its variable (requirements N-12), so `npm start` prints them as they are.
 */
export class ConfigError extends Error {
  constructor(problems: string | string[]) {
    super(
      (Array.isArray(problems) ? problems : [problems])
        .map((problem) => `Invalid configuration: ${oneLine(problem)}`)
        .join('\n'),
    );
    this.name = 'ConfigError';
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/**
 * Reads the settings from environment variables (design §2), with safe defaults.
 * Throws ConfigError naming each bad variable, so `npm start` fails at once and clearly.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const embedded = e.OIDC_ISSUER === undefined;

  if (embedded && production && !e.ALLOW_EMBEDDED_IDP) {
    throw new ConfigError([
      'OIDC_ISSUER: must be set when NODE_ENV=production ' +
        '(the embedded sign-in provider is for one machine and tests; set ALLOW_EMBEDDED_IDP=true to run it anyway)',
    ]);
  }
  if (e.DATABASE_LISTEN_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError(['DATABASE_LISTEN_URL: only used with DATABASE_URL (PostgreSQL)']);
  }
  if (!embedded && (e.OIDC_CLIENT_ID === undefined || e.OIDC_AUDIENCE === undefined)) {
    const missing = ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE'].filter((name) => env[name] === undefined);
    throw new ConfigError(missing.map((name) => `${name}: required when OIDC_ISSUER is set`));
  }
  const claimSettings = [
    'OIDC_CLAIM_USERNAME',
    'OIDC_CLAIM_ROLES',
    'OIDC_CLAIM_INSURERS',
    'OIDC_CLAIM_GROUPS',
    'OIDC_GROUP_MAP',
  ].filter((name) => env[name] !== undefined);
  if (embedded && claimSettings.length > 0) {
    throw new ConfigError(
      claimSettings.map(
        (name) =>
          `${name}: applies to an external issuer's tokens only (the embedded provider's users are the users table): set OIDC_ISSUER too, or leave it unset`,
      ),
    );
  }

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    basePath: new URL(publicUrl).pathname.replace(/\/+$/, ''),
    // Behind https there is a proxy terminating TLS: trust that one hop, so the address it
    // appends is the caller's and whatever the caller wrote before it is ignored.
    trustProxy: e.TRUST_PROXY ?? (publicUrl.startsWith('https:') ? 1 : false),
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          pool: {
            size: e.DB_POOL_SIZE,
            connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
          },
          ...(e.DATABASE_LISTEN_URL ? { listenUrl: e.DATABASE_LISTEN_URL } : {}),
        }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    auth: {
      embedded,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID ?? 'video-mer-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}${API_PREFIX}`,
      scope: e.OIDC_SCOPE ?? (embedded ? 'openid profile offline_access' : 'openid profile email'),
      accessTokenTtl: e.OIDC_ACCESS_TOKEN_TTL,
      claims: {
        userName: e.OIDC_CLAIM_USERNAME ?? DEFAULT_CLAIM_SETTINGS.userName,
        roles: e.OIDC_CLAIM_ROLES ?? DEFAULT_CLAIM_SETTINGS.roles,
        insurers: e.OIDC_CLAIM_INSURERS ?? DEFAULT_CLAIM_SETTINGS.insurers,
        groups: e.OIDC_CLAIM_GROUPS ?? DEFAULT_CLAIM_SETTINGS.groups,
        groupMap: e.OIDC_GROUP_MAP ?? DEFAULT_CLAIM_SETTINGS.groupMap,
      },
    },
    logLevel: e.LOG_LEVEL,
    companyName: e.COMPANY_NAME ?? null,
    helpDeskEmail: e.HELP_DESK_EMAIL,
    apiRateLimit: e.API_RATE_LIMIT,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    authFailureRateLimit: e.AUTH_FAILURE_RATE_LIMIT,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    reviewClaimMinutes: e.REVIEW_CLAIM_MINUTES,
    deviceCopyMaxAgeHours: e.DEVICE_COPY_MAX_AGE_HOURS,
    dashboardRefreshMs: e.DASHBOARD_REFRESH_MS,
    catalogueReleaseCheckMs: e.CATALOGUE_RELEASE_CHECK_MS,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryWindowMs: e.WEBHOOK_RETRY_WINDOW_SECONDS * 1000,
      backoffBaseMs: e.WEBHOOK_BACKOFF_BASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
  };
}
