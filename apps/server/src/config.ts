import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const WEB_DIST_DEFAULT = fileURLToPath(new URL('../../web/dist', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const positiveInt = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: positiveInt.max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' })
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).optional(),
  // The browser renews a token 60 s before it expires, so a shorter life would renew non-stop.
  OIDC_ACCESS_TOKEN_TTL: positiveInt
    .min(70, 'must be at least 70 (seconds)')
    .max(86_400, 'must be at most 86400 (seconds)')
    .default(15 * 60),
  ALLOW_EMBEDDED_IDP: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COMPANY_NAME: z.string().min(1).optional(),
  HELP_DESK_EMAIL: z.email({ message: 'must be an e-mail address' }).default('helpdesk@example.com'),
  API_RATE_LIMIT: positiveInt.default(1200),
  SIGN_IN_RATE_LIMIT: positiveInt.default(30),
  WEB_DIST: z.string().min(1).default(WEB_DIST_DEFAULT),
  LOG_RETENTION_DAYS: positiveInt.max(36_500, 'must be at most 36500 (days)').default(365),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .min(16, 'must be at least 16 characters')
    .optional(),
});

/** Where the data lives: embedded PGlite in a directory (or `memory://`), or a PostgreSQL server. */
export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Sign-in: the embedded provider mounted at /oidc, or an external OpenID Connect issuer. */
export interface AuthConfig {
  embedded: boolean;
  issuer: string;
  clientId: string;
  audience: string;
  scope: string;
  /** Lifetime in seconds of the access tokens the embedded provider issues. */
  accessTokenTtl: number;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  trustProxy: boolean;
  database: DatabaseConfig;
  auth: AuthConfig;
  logLevel: string;
  /** COMPANY_NAME: the copyright owner and sign-in brand; null when unset (the product's name alone). */
  companyName: string | null;
  helpDeskEmail: string;
  /** Requests per minute per caller on /api; 0 switches the limit off. */
  apiRateLimit: number;
  /** Sign-in form posts per minute per address; 0 switches the limit off. */
  signInRateLimit: number;
  webDist: string;
  /**
   * The bearer token /metrics asks for; null leaves it open in development and closes it
   * (404) in production.
   */
  metricsToken: string | null;
  /**
   * Days the logging calls' rows and the questionnaire instances are kept; 0 keeps them for
   * ever. Disclosures and their audit trail are never swept.
   */
  logRetentionDays: number;
}

/** Thrown when the environment is unusable; the message names every bad variable. */
export class ConfigError extends Error {}

/**
 * Reads the settings from environment variables (DESIGN.md §2), with safe defaults.
 * Throws ConfigError naming each bad variable, so `npm start` fails at once and clearly.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const embedded = e.OIDC_ISSUER === undefined;

  if (embedded && production && !e.ALLOW_EMBEDDED_IDP) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER: must be set when NODE_ENV=production ' +
        '(the embedded sign-in provider is for one machine and tests; set ALLOW_EMBEDDED_IDP=true to run it anyway)',
    );
  }
  if (!embedded && (e.OIDC_CLIENT_ID === undefined || e.OIDC_AUDIENCE === undefined)) {
    const missing = ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE'].filter((name) => env[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when OIDC_ISSUER is set`).join('\n')}`,
    );
  }

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustProxy: e.TRUST_PROXY ?? publicUrl.startsWith('https:'),
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: e.DATA_DIR },
    auth: {
      embedded,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID ?? 'video-mer-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scope: e.OIDC_SCOPE ?? (embedded ? 'openid profile offline_access' : 'openid profile email'),
      accessTokenTtl: e.OIDC_ACCESS_TOKEN_TTL,
    },
    logLevel: e.LOG_LEVEL,
    companyName: e.COMPANY_NAME ?? null,
    helpDeskEmail: e.HELP_DESK_EMAIL,
    apiRateLimit: e.API_RATE_LIMIT,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN ?? null,
    logRetentionDays: e.LOG_RETENTION_DAYS,
  };
}
