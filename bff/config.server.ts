import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  EXAMPLE_CONTACTS,
  EXAMPLE_OPERATOR,
  isLoopback,
  missingPublicOrigin,
  placeholderSettings,
  REFERENCE_FIRST_AUTH_URL,
} from './production-settings';
import { seconds, days } from '#shared/time';

/**
 * Every environment variable the portal reads, parsed once. Nothing else in the project touches
 * process.env: take values from the Config object (the loader context carries it).
 */
const port = z.coerce.number().int().min(0).max(65535);
const url = z.string().url();
/** `host:port`: a name or IPv4 address, or an IPv6 address in brackets, and a port from 1 to 65535. */
const HOST_PORT =
  /^(\[[\da-fA-F:.]+\]|[\w.-]+):([1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d\d|655[0-2]\d|6553[0-5])$/;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    PUBLIC_ORIGIN: url.optional(),
    // Which addresses the proxies in front have ('loopback', '10.0.0.0/8', …), or how many there are (a number).
    // `true` would believe any X-Forwarded-For a client writes, and with it every per-address rate limit; so
    // would a count larger than the real chain: the extra hops are read from what the client wrote. Prefer the
    // addresses, which stay right when a hop is added or removed.
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine((v) => v !== 'true', 'give the number of proxies in front (e.g. 1) or their addresses, not true')
      .transform((v): number | string | false =>
        v === 'false' || v === '0' ? false : /^\d+$/.test(v) ? Number(v) : v,
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` for production's collectors; `short`, one readable line an entry, for a person at `npm start`. */
    LOG_FORMAT: z.enum(['json', 'short']).default('json'),

    REST_API_URL: url.default('http://127.0.0.1:3001'),
    REST_API_VERSION: z.string().regex(/^\d+$/).default('1'),
    REST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    REST_RETRY_BASE_MS: z.coerce.number().int().positive().default(1_000),
    REST_RETRY_MAX_MS: z.coerce.number().int().positive().default(30_000),
    // One budget for all the upstream work of a request, retries included: the 504 page comes by then (ADRs 207 and 206).
    REST_DEADLINE_MS: z.coerce.number().int().positive().default(15_000),

    SESSION_SECRET: z.string().optional(),
    AUTH_COOKIE_NAME: z
      .string()
      .regex(/^[\w-]+$/)
      .default('vptk'),
    REFRESH_COOKIE_NAME: z
      .string()
      .regex(/^[\w-]+$/)
      .default('rvptk'),
    // A copied refresh cookie must not keep a session alive for a year of silence.
    SESSION_IDLE_DAYS: z.coerce.number().int().positive().default(30),
    SESSION_MAX_DAYS: z.coerce.number().int().positive().default(365),

    PRODUCT_TITLE: z.string().min(1).default('Образовательный портал'),
    CONTACT_EMAIL: z.string().email().default(EXAMPLE_CONTACTS.CONTACT_EMAIL),
    CONTACT_PHONE: z.string().min(1).default(EXAMPLE_CONTACTS.CONTACT_PHONE),
    CONTACT_VK_URL: url.default(EXAMPLE_CONTACTS.CONTACT_VK_URL),
    CONTACT_TELEGRAM_URL: url.default(EXAMPLE_CONTACTS.CONTACT_TELEGRAM_URL),
    FIRST_AUTH_URL: url.default(REFERENCE_FIRST_AUTH_URL),
    SITE_URL: url.default(EXAMPLE_CONTACTS.SITE_URL),
    // The operator of personal data the consent and the privacy policy name; demo placeholders.
    OPERATOR_NAME: z.string().min(1).max(300).default(EXAMPLE_OPERATOR.OPERATOR_NAME),
    OPERATOR_INN: z
      .string()
      .regex(/^(\d{10}|\d{12})$/, '10 or 12 digits')
      .default(EXAMPLE_OPERATOR.OPERATOR_INN),
    OPERATOR_OGRN: z
      .string()
      .regex(/^(\d{13}|\d{15})$/, '13 or 15 digits')
      .default(EXAMPLE_OPERATOR.OPERATOR_OGRN),
    OPERATOR_ADDRESS: z.string().min(1).max(500).default(EXAMPLE_OPERATOR.OPERATOR_ADDRESS),
    OPERATOR_EMAIL: z.string().email().default(EXAMPLE_OPERATOR.OPERATOR_EMAIL),

    // Failed attempts per address and form, then one a minute; every attempt per login (ADR 216).
    AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    AUTH_RATE_LIMIT_PER_LOGIN: z.coerce.number().int().positive().default(10),
    // Successful registrations per address an hour: a school's pupils, not a spammer's accounts.
    AUTH_RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().positive().default(500),

    BUILD_ID: z.string().optional(),

    // Unset: every piece of cross-request state stays in this process (one instance). Set: in Redis.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
      .refine((v) => URL.canParse(v), 'a redis:// or rediss:// URL')
      .optional(),
    // Set instead of REDIS_URL: the sentinels (host:port, …) that name the group's primary.
    REDIS_SENTINELS: z
      .string()
      .transform(splitList)
      .pipe(
        z
          .array(z.string().regex(HOST_PORT, 'host:port, e.g. 10.0.3.1:26379 (a comma-separated list)'))
          .min(1, 'at least one host:port'),
      )
      .optional(),
    REDIS_SENTINEL_NAME: z
      .string()
      .regex(/^[\w.-]+$/, 'letters, digits, _ . -')
      .default('portal'),
    // The portal's ACL user on the data nodes (and on the sentinels unless REDIS_SENTINEL_PASSWORD is set).
    REDIS_USERNAME: z
      .string()
      .regex(/^[\w.@-]+$/, 'letters, digits, _ . @ -')
      .optional(),
    REDIS_PASSWORD: z.string().min(16, 'at least 16 characters').optional(),
    REDIS_SENTINEL_PASSWORD: z.string().min(16, 'at least 16 characters').optional(),
    // How old a session's last-known standing may be when Redis does not answer, as in a failover's seconds; it
    // is also how long a logout may take to reach every instance (ADR 229). 0: the 503 page at once.
    REDIS_STANDING_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000, 'at most 60000 (a minute): it bounds how long a logout takes to reach every instance')
      .default(15_000),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]+$/)
      .default('portal:'),

    // Prometheus metrics on an operations address of their own, never on PORT. Unset: not served.
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: port.optional(),
    // From SIGTERM to exit at the latest: what the balancer still sends is served, then what is in
    // flight finishes. The orchestrator's termination period (terminationGracePeriodSeconds, TimeoutStopSec) must
    // be longer.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['SESSION_SECRET'],
        message: 'is required in production (comma-separated list of secrets, newest first, each ≥ 32 characters)',
      });
    }
    // A production start in front of users stops on every placeholder left; a loopback origin is a local run,
    // and only a server listening on loopback alone may leave its origin to that default.
    const unnamed = env.NODE_ENV === 'production' ? missingPublicOrigin(env) : null;
    if (unnamed) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['PUBLIC_ORIGIN'], message: unnamed });
    const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
    if (env.NODE_ENV === 'production' && !unnamed && URL.canParse(origin)) {
      const publicOrigin = new URL(origin);
      for (const { name, message } of placeholderSettings({ ...env, publicOrigin })) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message });
      }
    }
    for (const { path, message } of redisSettingIssues(env)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: the metrics are never served on the public port',
      });
    }
    for (const secret of splitList(env.SESSION_SECRET)) {
      if (secret.length < 32) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['SESSION_SECRET'],
          message: 'every secret in the list must be at least 32 characters long',
        });
      }
    }
  });

/**
 * What is wrong in the Redis settings taken together. The messages name the settings, never their values: a
 * password must not reach a log through a refused start.
 */
function redisSettingIssues(env: {
  NODE_ENV: string;
  REDIS_URL?: string;
  REDIS_SENTINELS?: string[];
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
  REDIS_SENTINEL_PASSWORD?: string;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (env.REDIS_URL && env.REDIS_SENTINELS) {
    issues.push({ path: 'REDIS_SENTINELS', message: 'set either REDIS_URL (one Redis) or REDIS_SENTINELS, not both' });
  }
  const urlHasPassword = env.REDIS_URL && URL.canParse(env.REDIS_URL) && new URL(env.REDIS_URL).password !== '';
  if (urlHasPassword && env.REDIS_PASSWORD) {
    issues.push({ path: 'REDIS_PASSWORD', message: 'REDIS_URL holds a password already: give it in one place' });
  }
  for (const [name, value] of [
    ['REDIS_PASSWORD', env.REDIS_PASSWORD],
    ['REDIS_SENTINEL_PASSWORD', env.REDIS_SENTINEL_PASSWORD],
  ] as const) {
    if (value !== undefined && /\s/.test(value)) issues.push({ path: name, message: 'must not contain spaces' });
  }
  const redis = env.REDIS_URL || env.REDIS_SENTINELS;
  if (!redis && (env.REDIS_USERNAME || env.REDIS_PASSWORD || env.REDIS_SENTINEL_PASSWORD)) {
    issues.push({ path: 'REDIS_PASSWORD', message: 'is set, but neither REDIS_URL nor REDIS_SENTINELS is' });
  }
  // Every Redis the portal uses in production asks for a password (ADR 229).
  if (env.NODE_ENV === 'production' && redis && !urlHasPassword && !env.REDIS_PASSWORD) {
    issues.push({
      path: 'REDIS_PASSWORD',
      message: 'is required in production with Redis (the ACL user of the portal)',
    });
  }
  return issues;
}

/** How the portal reaches Redis, or null when the shared state stays in memory. */
function redisConnection(e: z.infer<typeof configSchema>) {
  const auth = { username: e.REDIS_USERNAME, password: e.REDIS_PASSWORD };
  if (e.REDIS_SENTINELS) {
    return {
      kind: 'sentinel' as const,
      sentinels: e.REDIS_SENTINELS.map((entry) => {
        const at = entry.lastIndexOf(':');
        return { host: entry.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(entry.slice(at + 1)) };
      }),
      name: e.REDIS_SENTINEL_NAME,
      ...auth,
      sentinelPassword: e.REDIS_SENTINEL_PASSWORD ?? e.REDIS_PASSWORD,
    };
  }
  if (e.REDIS_URL) return { kind: 'url' as const, url: e.REDIS_URL, ...auth };
  return null;
}

export type RedisConnection = NonNullable<ReturnType<typeof redisConnection>>;

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A development-only secret, so that `npm start` works without set-up. Production refuses to start without one. */
const DEVELOPMENT_SECRET = 'development-only-secret-never-use-in-production';

export type Config = ReturnType<typeof loadConfig>;

function redisOf(e: z.infer<typeof configSchema>) {
  const connection = redisConnection(e);
  return connection ? { connection, keyPrefix: e.REDIS_KEY_PREFIX, graceMs: e.REDIS_STANDING_GRACE_MS } : null;
}

/**
 * A key for one purpose (the honeypot's encryption, the limits' keys), derived from a session secret: never the
 * secret itself, and another key for every purpose.
 */
export const deriveKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest('base64url');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The secrets systemd may hand over as credentials (`LoadCredential=NAME:…`) rather than in the environment. */
export const CREDENTIALS = ['SESSION_SECRET', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD'] as const;

/**
 * `env` with each of CREDENTIALS found in systemd's `CREDENTIALS_DIRECTORY` (a file named as the variable, its
 * text without the final newline). A secret given both ways is refused: it must have one home.
 */
function withCredentials(env: Record<string, string | undefined>) {
  const directory = env.CREDENTIALS_DIRECTORY;
  if (!directory) return env;
  const merged = { ...env };
  for (const name of CREDENTIALS) {
    const file = path.join(directory, name);
    if (!existsSync(file)) continue;
    if (env[name])
      throw new ConfigError(`Invalid configuration:\n  ${name}: given both as a credential and in the environment`);
    merged[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  }
  return merged;
}

export function loadConfig(rawEnv: Record<string, string | undefined> = process.env) {
  const env = withCredentials(rawEnv);
  // An empty value (`PUBLIC_ORIGIN=` in a copied .env.example) means "use the default".
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  const secureOrigin = publicOrigin.startsWith('https:') || isLoopback(new URL(publicOrigin).hostname);
  const cookiePrefix = secureOrigin ? '__Host-' : '';
  const secrets = splitList(e.SESSION_SECRET);
  const sessionSecrets = secrets.length > 0 ? secrets : [DEVELOPMENT_SECRET];

  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicOrigin,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    buildId: e.BUILD_ID,
    rest: {
      baseUrl: new URL(e.REST_API_URL),
      version: e.REST_API_VERSION,
      timeoutMs: e.REST_TIMEOUT_MS,
      deadlineMs: e.REST_DEADLINE_MS,
      retry: { attempts: 3, baseMs: e.REST_RETRY_BASE_MS, maxMs: e.REST_RETRY_MAX_MS },
    },
    session: {
      secrets: sessionSecrets,
      authCookie: `${cookiePrefix}${e.AUTH_COOKIE_NAME}`,
      refreshCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}`,
      /** Marks a browser that signed in to a login before: its attempts have their own quota. */
      deviceCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}d`,
      /** A browser's own id for the sign-in limits, given with its first failure. */
      browserCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}b`,
      /** The address of a password recovery between its two steps, kept out of the URL. */
      recoveryCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}r`,
      /** A pass link's pass until «Войти» is pressed, kept out of the URL. */
      passCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}p`,
      /** A form sent after the session ended, until its sender has signed in again (unsent-form.server.ts). */
      unsentCookie: `${cookiePrefix}${e.REFRESH_COOKIE_NAME}u`,
      // Cookies are Secure even on http://localhost: browsers treat loopback as a secure context.
      secure: secureOrigin,
      idleMs: days(e.SESSION_IDLE_DAYS),
      maxAgeMs: days(e.SESSION_MAX_DAYS),
    },
    redis: redisOf(e),
    /** Where GET /metrics is served (Prometheus text format), or null when it is not. */
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    /** SIGTERM to exit at the latest. */
    shutdownGraceMs: seconds(e.SHUTDOWN_GRACE_SECONDS),
    rateLimits: {
      perAddress: e.AUTH_RATE_LIMIT_PER_ADDRESS,
      perLogin: e.AUTH_RATE_LIMIT_PER_LOGIN,
      registrationsPerAddress: e.AUTH_RATE_LIMIT_REGISTRATIONS_PER_ADDRESS,
      /**
       * Keys the limits' counters (HMACs of `form:address`, `form:login`): from the newest secret, so every
       * instance with the same SESSION_SECRET counts under the same keys; a rotation starts the 15-minute
       * counters afresh once (ADR 216).
       */
      key: deriveKey(sessionSecrets[0]!, 'rate-limits'),
    },
    product: {
      title: e.PRODUCT_TITLE,
      contacts: {
        email: e.CONTACT_EMAIL,
        phone: e.CONTACT_PHONE,
        vk: e.CONTACT_VK_URL,
        telegram: e.CONTACT_TELEGRAM_URL,
        firstAuth: e.FIRST_AUTH_URL,
        site: e.SITE_URL,
      },
      /** The operator of personal data, as `/consent` and `/privacy` name it. */
      operator: {
        name: e.OPERATOR_NAME,
        inn: e.OPERATOR_INN,
        ogrn: e.OPERATOR_OGRN,
        address: e.OPERATOR_ADDRESS,
        email: e.OPERATOR_EMAIL,
      },
    },
  };
}
