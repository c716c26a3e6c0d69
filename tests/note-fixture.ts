import { loadConfig, type Config } from '../bff/config.server';
import { createLogger } from '../bff/log.server';
import type { Send } from '../bff/rest/client.server';
import { createSessionStore } from '../bff/session/session.server';

/**
 * Requests of one visitor for the notes' tests: each gets its session (the one cookie writer) for `config`, the
 * browser's cookies as sent, and what the response would set. The upstream is never asked.
 */
export function visitorOf(config: Pick<Config, 'session'>) {
  const request = requestOf(config);
  type Context = ReturnType<typeof request>['context'];
  return Object.assign(request, {
    /** The Set-Cookie line of a request that remembered a note. */
    async remembered(remember: (context: Context) => Promise<void>) {
      const first = request();
      await remember(first.context);
      return first.setCookie();
    },
    /** What `read` finds without `cookie`, with it tampered with, and with it under another secret: all null. */
    async unreadable(cookie: string, read: (context: Context) => Promise<unknown>) {
      const other = requestOf(loadConfig({ SESSION_SECRET: 'another-secret-another-secret-another-secret' }));
      return [
        await read(request().context),
        await read(request(`${cookie.slice(0, -4)}AAAA`).context),
        await read(other(cookie).context),
      ];
    },
    /** The Set-Cookie line of a request sending `cookie` that forgets the note. */
    forgotten(cookie: string, forget: (context: Context) => void) {
      const last = request(cookie);
      forget(last.context);
      return last.setCookie();
    },
  });
}

function requestOf(config: Pick<Config, 'session'>) {
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
