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
}
