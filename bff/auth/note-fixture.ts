import type { Config } from '../config.server';
import { createLogger } from '../log.server';
import type { Send } from '../rest/client.server';
import { createSessionStore } from '../session/session.server';

/**
 * Requests of one visitor for the notes' tests: each gets its session (the one cookie writer) for `config`, the
 * browser's cookies as sent, and what the response would set. The upstream is never asked.
 */
export function visitorOf(config: Pick<Config, 'session'>) {
  const send = (async () => {
    throw new Error('the upstream is not asked');
  }) as unknown as Send;
  const store = createSessionStore({ config, send, log: createLogger({ logLevel: 'silent' }) });
  return (cookie = '') => {
    const session = store.forRequest({ cookieHeader: cookie });
    /** The one Set-Cookie line this request wrote. */
    const setCookie = () => {
      const lines = session.setCookieHeaders();
      if (lines.length !== 1) throw new Error(`expected one Set-Cookie line, got ${lines.length}`);
      return lines[0]!;
    };
    return { context: { config, session }, setCookie };
  };
}
