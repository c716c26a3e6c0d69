import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import type { Db } from './db/open';
import { CallStats } from './http/stats';
import type { Random } from './random';
import { seconds, hours } from '#shared/time';
import { systemClock, type Clock } from './time';

/** What createUpstreamApp needs; everything but the database has a default. */
export interface UpstreamDeps {
  db: Db;
  /** Epoch milliseconds; tests pass a movable clock to expire tokens without waiting. */
  now?: Clock;
  authTokenTtlSeconds?: number;
  /** Shuffles each test attempt's questions and options; tests pass `seededRandom(n)` for a known order. */
  random?: Random;
  devTools?: boolean;
  faults?: boolean;
  /** The portal's public origin, for the verification address printed on certificates. */
  portalOrigin?: string;
  /** Where unexpected errors go; lines are already free of secrets. Defaults to stderr. */
  logError?: (line: string) => void;
}

/** The resolved dependencies every route module receives. */
export interface Services {
  db: Db;
  now: Clock;
  authTokenTtlMs: number;
  random: Random;
  stats: CallStats;
  portalOrigin: string;
  logError: (line: string) => void;
}

/** Set by @hono/node-server; absent under app.request() in unit tests. */
export type UpstreamEnv = { Bindings: { incoming?: IncomingMessage } };
export type UpstreamApp = Hono<UpstreamEnv>;

export function resolveServices(deps: UpstreamDeps): Services {
  return {
    db: deps.db,
    now: deps.now ?? systemClock,
    authTokenTtlMs: deps.authTokenTtlSeconds === undefined ? hours(1) : seconds(deps.authTokenTtlSeconds),
    random: deps.random ?? Math.random,
    stats: new CallStats(),
    // The one origin every mailed link points at (UPSTREAM_PORTAL_ORIGIN), whatever a caller sends.
    portalOrigin: new URL(deps.portalOrigin ?? 'http://localhost:3000').origin,
    logError: deps.logError ?? ((line) => process.stderr.write(`${line}\n`)),
  };
}
