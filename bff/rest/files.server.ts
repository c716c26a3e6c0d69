import contentDisposition from 'content-disposition';
import { fileRef } from '#contract';
import type { Config } from '../config.server';
import { plainText, resourceNotFound } from '../not-found.server';
import type { SessionPort } from './session-port';
import { upstreamRequest } from './client.server';
import { sessionPath, type Settled } from './session-path.server';
import type { Timings } from './timings.server';

const copy = {
  unavailable: 'Сервер не ответил. Попробуйте открыть файл ещё раз.',
  failed: (status: number) => `Не удалось получить файл (ошибка ${status}). Попробуйте ещё раз.`,
};

/** What the browser needs to play, show or save a file; nothing else of the upstream's answer passes. */
const PASSED_HEADERS = ['Content-Type', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'Last-Modified', 'ETag'];

/**
 * One range of bytes (`bytes=0-499`, `bytes=500-`, `bytes=-500`), or null. Only that is asked of the upstream:
 * a list of ranges would make one small request cost the upstream many parts (RFC 9110 §14.2 lets a server
 * ignore Range), and players ask for one at a time. Anything else is dropped and the whole file answered.
 */
export function singleRange(header: string | null): string | null {
  if (header === null) return null;
  const match = /^bytes=(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))$/i.exec(header.trim());
  if (!match) return null;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) return Number(suffix) > 0 ? `bytes=-${suffix}` : null;
  if (last && Number(last) < Number(first)) return null;
  return `bytes=${first}-${last}`;
}

/**
 * A resource route's answer when the call that finds its file failed (not a 404): as a failed file is answered
 * by `stream` — 504 when the upstream did not answer, else 502 naming its status — never the framework's 500.
 */
export function resourceFailed(upstreamStatus: number | null): Response {
  return upstreamStatus === null ? plainText(504, copy.unavailable) : plainText(502, copy.failed(upstreamStatus));
}

/**
 * A file opened directly (an SVG, say) runs under a policy that allows no script and no plug-in: the upstream's
 * files are data, never code on the portal's origin.
 */
const FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

export type FetchFile = (
  path: string,
  input: { token: string | null; range: string | null; signal?: AbortSignal },
) => Promise<Response>;

/**
 * Fetches a file the upstream serves under `/files/`, beside its /rest calls: same base URL, version header and
 * timeout (for the headers only — a long video keeps streaming), no redirects followed. Stateless.
 */
export function createFileFetcher(deps: { config: Pick<Config, 'rest'>; fetch?: typeof fetch }): FetchFile {
  const { timeoutMs } = deps.config.rest;
  const doFetch = deps.fetch ?? fetch;
  return async (path, { token, range, signal }) => {
    const { url, headers } = upstreamRequest(deps.config.rest, path, token, '*/*');
    if (range) headers.Range = range;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    try {
      const signals = [timeout.signal, signal].filter((s): s is AbortSignal => !!s);
      return await doFetch(url, { headers, redirect: 'manual', signal: AbortSignal.any(signals) });
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * `context.rest.files`: streams an upstream file (a `fileRef.path` from a contract result) to the browser
 * through a portal resource route. The session's token is added on the server when there is one, on the one
 * session-aware path of the /rest calls (renewed once on a 401, signed out when that fails); a single Range passes through, so a video can be sought. Failures answer a short Russian text with a
 * fitting status: a resource route has no error page.
 */
export function fileCalls(deps: {
  fetchFile: FetchFile;
  session: SessionPort;
  timings: Timings;
  signal?: AbortSignal;
}) {
  const { fetchFile, timings, signal } = deps;
  const session = sessionPath(deps.session);

  /** A file the upstream refused for its token (401): its body is not read. */
  async function refused(outcome: Settled<Response>): Promise<boolean> {
    if (!('value' in outcome) || outcome.value.status !== 401) return false;
    await outcome.value.body?.cancel();
    return true;
  }

  const fetchWithSession = (path: string, range: string | null) =>
    session.run('optional', (token) => fetchFile(path, { token, range, signal }), refused);

  return {
    async stream(path: string, request: Request, options: { download?: string } = {}): Promise<Response> {
      if (!fileRef.shape.path.safeParse(path).success) return resourceNotFound();
      let upstream: Response;
      try {
        upstream = await timings.time('file', fetchWithSession(path, singleRange(request.headers.get('Range'))));
      } catch (error) {
        if (error instanceof Response) throw error;
        return plainText(504, copy.unavailable);
      }
      if (upstream.status === 404) return resourceNotFound();
      if (![200, 206, 416].includes(upstream.status)) {
        await upstream.body?.cancel();
        return plainText(502, copy.failed(upstream.status));
      }
      const headers = new Headers({ 'Content-Security-Policy': FILE_POLICY });
      for (const name of PASSED_HEADERS) {
        const value = upstream.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      headers.set('Content-Disposition', options.download ? contentDisposition(options.download) : 'inline');
      // Every file comes from behind a session or a personal link: no shared cache keeps it, and no browser keeps
      // it on disk (issue 36). A public file (a banner's picture) says so in its own route.
      headers.set('Cache-Control', 'private, no-store');
      return new Response(upstream.body, { status: upstream.status, headers });
    },
  };
}
