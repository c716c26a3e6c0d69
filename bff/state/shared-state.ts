import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { z } from 'zod';
import type { CallResult } from '#contract';
import { seconds, days } from '#shared/time';

/**
 * The state every portal instance must agree on: sign-in limits, sessions ended by the portal, the
 * refresh single flight and the per-user cache generation. Created once per process (bff/server/app.server.ts)
 * in process memory, or in Redis when REDIS_URL is set; nothing else knows which one it has. The Redis one
 * rejects (never hangs) while Redis is away, and each caller decides what that means (ADR 228, "Outage").
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** A rate-limiter-flexible limiter; `name` namespaces its keys. */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  /** Short facts with an expiry (an address known for a login): `key` is hashed before it is stored. */
  marks: {
    set(key: string, ttlMs: number): Promise<void>;
    has(key: string): Promise<boolean>;
  };
  sessions: SessionRecords;
  refreshes: RefreshFlight;
  /** Resolves once the state answers (at once in memory), or rejects after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void>;
  /**
   * Resolves true when a data node answers a PING within a second: the primary, or through Sentinel a replica (a
   * failover's seconds, when standings are read there); in memory: always. The readiness probe asks it.
   */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

/** What a request's cookies are worth, read in one round trip before anything is answered. */
export interface Standing {
  /** The tokens among those asked about that a logout ended. */
  revoked: Set<string>;
  /** Per user: sessions issued before this time (ms) are over (a password change or recovery); 0 when none. */
  endedBefore: Map<number, number>;
  /** Per user: the generation of their cached reads, moved on by every change they make. */
  generation: Map<number, number>;
}

export interface SessionRecords {
  /** Refuses these tokens from now on, on every instance. */
  revoke(tokens: string[]): Promise<void>;
  /** Ends every session of the user issued before `at` (ms). */
  endBefore(userId: number, at: number): Promise<void>;
  /** Which user signs in with `login`, so that a password recovery (by e-mail) can end their sessions. */
  linkLogin(login: string, userId: number): Promise<void>;
  userOfLogin(login: string): Promise<number | null>;
  /**
   * The standing of these tokens, session ids and users, in one read. A session id is revoked like a token (the
   * same record, ADR 211); they are named apart so that a Redis with no primary for a few seconds can still answer
   * from what it read last.
   */
  standing(tokens: string[], userIds: number[], sessionIds?: string[]): Promise<Standing>;
  /** After a change by the user: their cached reads are stale everywhere. Returns the new generation. */
  changed(userId: number): Promise<number>;
}

/** One refresh per refresh token at a time, its outcome reused for a short while (ADR 228). */
export interface RefreshFlight {
  /**
   * Runs `task` once per `token` at a time; requests holding the same token share its outcome. `unless` rejects
   * a reusable outcome (an auth token the upstream has just refused), forcing a new run.
   */
  run(token: string, task: () => Promise<Refreshed>, unless?: (value: Refreshed) => boolean): Promise<Refreshed>;
  /** Drops a reusable outcome, so that no other request reuses it (after a logout, say). Never rejects. */
  forget(token: string): Promise<void>;
}

export type Refreshed = CallResult<'refresh'>;

/**
 * What the state needs of the session's sealer (bff/session/seal.server.ts), declared here so that the
 * dependency runs one way: session → state.
 */
export interface Seal {
  seal(value: unknown, ttlMs: number): Promise<string>;
  unseal<T>(sealed: string | undefined, schema: z.ZodType<T>): Promise<T | null>;
}

/** How long a refreshed auth token is shared with other requests holding the same refresh token. */
export const REFRESH_REUSE_MS = seconds(30);
/** How long the per-user cache generation is kept: longer than any cached read lives. */
export const GENERATION_KEEP_MS = days(1);

/** A login as the limits and the recovery see it: case and surrounding spaces do not make another login. */
export const normalLogin = (login: string) => login.trim().toLowerCase();
