/**
 * What the /rest client needs of the request's session. The client declares it and `bff/session` satisfies
 * it, so the dependency runs one way: session → rest, never back.
 */
export interface SessionPort {
  /** The signed-in user (resolving the session first), or null. */
  user(): Promise<{ id: number } | null>;
  /** The auth token for upstream calls, or null without a session. Server-only. */
  authToken(): Promise<string | null>;
  /** After the upstream refused `refusedToken` (401): a new auth token, or null when the session is over. */
  renew(refusedToken: string): Promise<string | null>;
  /** Ends the session: both cookies are cleared with this response. */
  signOut(): void;
  /** The user whose reads the cache may answer, with their cache generation; null: read past the cache. */
  readScope(): Promise<{ userId: number; generation: number } | null>;
  /** After a change by the user: their cached reads are stale on every instance. */
  changed(): Promise<void>;
}
