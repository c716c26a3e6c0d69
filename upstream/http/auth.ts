import { findSessionByAuthToken, type ActiveSession } from '../db/sessions';
import type { Services } from '../services';
import { unauthorized } from './envelope';

export type SessionInfo = ActiveSession;

/** For `auth: 'required'` calls: a missing, unknown, expired or revoked token is a 401. */
export function requireSession(services: Services, token: string | undefined): SessionInfo {
  const session = token ? findSessionByAuthToken(services.db, token, services.now()) : undefined;
  if (!session) throw unauthorized();
  return session;
}

/**
 * For `auth: 'optional'` calls: a token that no longer works is treated as no token, so a fire-and-forget call
 * such as analytics never sends the portal into a refresh.
 */
export function optionalSession(services: Services, token: string | undefined): SessionInfo | null {
  return (token && findSessionByAuthToken(services.db, token, services.now())) || null;
}
