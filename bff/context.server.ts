import type { Honeypot } from './request/honeypot.server';
import type { AuthLimits } from './request/rate-limit.server';
import type { Config } from './config.server';
import type { Logger } from './log.server';
import type { Metrics } from './metrics.server';
import type { RestClient } from './rest/rest.server';
import type { RequestSession } from './session/session.server';

/**
 * What every loader and action gets as `context`: built once per request by the server (bff/server), so
 * nothing per-user lives at module scope.
 */
export interface PortalContext {
  config: Config;
  log: Logger;
  /** The response's CSP nonce; '' on a shared page, whose policy names its inline scripts' hashes. */
  nonce: string;
  /**
   * Set when this request may get the balancer's shared copy of a public page: the document is
   * rendered whole and handed over here before its headers go out, so that its policy can name its hashes.
   */
  sharedPage: { rendered(html: string): void } | null;
  requestId: string;
  /** The deployed build (BUILD_ID, or the build's own version): the page compares it with /build.json. */
  buildId: string;
  /** The client's address (behind a proxy only when TRUST_PROXY is on), for rate limits. */
  clientAddress: string;
  session: RequestSession;
  rest: RestClient;
  limits: AuthLimits;
  honeypot: Honeypot;
  /** The process's metrics (bff/metrics.server.ts), for what only a route knows (a dictation save's outcome). */
  metrics: Metrics;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalContext {}
}
