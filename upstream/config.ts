import { z } from 'zod';
import { hours } from '#shared/time';

/**
 * Every environment variable the reference upstream reads, parsed once by main.ts. Library callers (tests, the
 * portal's start script) pass the same settings as options to startUpstream instead of touching the env.
 */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

export const upstreamConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    UPSTREAM_HOST: z.string().min(1).default('127.0.0.1'),
    /** 0 asks the OS for any free port. */
    UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    /** A path relative to the repository root, or `:memory:`. */
    UPSTREAM_DB: z.string().min(1).default('data/upstream.sqlite'),
    UPSTREAM_AUTH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(hours(1) / 1000),
    UPSTREAM_DEV_TOOLS: flag,
    UPSTREAM_FAULTS: flag,
    /** Where the portal verifies a certificate's code: printed on every certificate. */
    UPSTREAM_PORTAL_ORIGIN: z.preprocess(
      // Empty, as in a copied .env.example: the default.
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .url()
        .refine((url) => /^https?:$/.test(new URL(url).protocol))
        .transform((url) => new URL(url).origin)
        .default('http://localhost:3000'),
    ),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.UPSTREAM_HOST,
    port: env.UPSTREAM_PORT,
    db: env.UPSTREAM_DB,
    authTokenTtlSeconds: env.UPSTREAM_AUTH_TOKEN_TTL_SECONDS,
    devTools: env.UPSTREAM_DEV_TOOLS,
    faults: env.UPSTREAM_FAULTS,
    portalOrigin: env.UPSTREAM_PORTAL_ORIGIN,
  }));

export type UpstreamConfig = z.output<typeof upstreamConfigSchema>;

export class UpstreamConfigError extends Error {
  override name = 'UpstreamConfigError';
}

export function loadUpstreamConfig(env: Record<string, string | undefined> = process.env): UpstreamConfig {
  const parsed = upstreamConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new UpstreamConfigError(`Invalid upstream configuration:\n${lines.join('\n')}`);
  }
  assertSafeForEnvironment(parsed.data);
  return parsed.data;
}

/** Dev tools hand out passes and read mail; fault injection breaks answers on purpose. Neither belongs in production. */
export function assertSafeForEnvironment(config: Pick<UpstreamConfig, 'nodeEnv' | 'devTools' | 'faults'>): void {
  if (config.nodeEnv !== 'production') return;
  if (config.devTools) throw new UpstreamConfigError('UPSTREAM_DEV_TOOLS must not be enabled when NODE_ENV=production');
  if (config.faults) throw new UpstreamConfigError('UPSTREAM_FAULTS must not be enabled when NODE_ENV=production');
}

export const defaultUpstreamConfig: UpstreamConfig = upstreamConfigSchema.parse({});
