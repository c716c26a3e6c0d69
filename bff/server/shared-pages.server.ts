import { createHash } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import type { Config } from '../config.server';

/**
 * The public pages a crowd opens at the start of the day (issue 27, ADR 227): a visitor without a session gets the
 * same page as every other one, so the balancer may keep it for a few seconds. Exact paths, no query string: a
 * query carries a visitor's `redirectTo`, a `reason` or an entry flow, and nothing of those may be shared.
 */
export const SHARED_PAGE_PATHS = ['/', '/dictation', '/week', '/login', '/registration'] as const;

/** How long the balancer may keep such a page (`s-maxage`); the honeypot's two hours are far longer. */
export const SHARED_PAGE_SECONDS = 5;

export const SHARED_CACHE_CONTROL = `public, s-maxage=${SHARED_PAGE_SECONDS}`;

const paths = new Set<string>(SHARED_PAGE_PATHS);

/**
 * Whether this request may get the shared copy of a page: a GET or HEAD of a listed path as sent (`originalUrl`,
 * so `/login?` or `/login?reason=pass` is not one), carrying neither session cookie, readable or not. Whether the
 * answer is then stored is decided once it is made (a 200, no cookie set, nothing personal).
 */
export function isSharedPageRequest(req: Request, session: Pick<Config['session'], 'authCookie' | 'refreshCookie'>) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!paths.has(req.originalUrl)) return false;
  const cookies = parseCookies(req.headers.cookie ?? '');
  return cookies[session.authCookie] === undefined && cookies[session.refreshCookie] === undefined;
}

/** The inline scripts and styles of a whole document, as CSP hash sources (`'sha256-…'`), each listed once. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hashesOf = (tag: 'script' | 'style') => {
    const found = new Set<string>();
    for (const [, attributes, text] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))) {
      // A script with a src runs by 'self', not by its (empty) text.
      if (tag === 'script' && /\ssrc=/.test(attributes ?? '')) continue;
      found.add(
        `'sha256-${createHash('sha256')
          .update(text ?? '', 'utf8')
          .digest('base64')}'`,
      );
    }
    return [...found];
  };
  return { scripts: hashesOf('script'), styles: hashesOf('style') };
}

/** How long an instance keeps its last shared copy: the moment between its answer and the balancer's stored copy. */
const INSTANCE_COPY_MS = 1000;

interface SharedCopy {
  headers: Record<string, string>;
  hashes: { scripts: string[]; styles: string[] };
  body: Buffer;
  until: number;
}

/**
 * One render per page at a time: the balancer stores a page only once its answer is complete and does
 * not hold back the requests that miss meanwhile, and at the start of the day they are hundreds. The balancer
 * sends every miss of a page to the same instance (`balance uri`); here the concurrent requests of one page wait
 * for the first one's render and get the same copy, which is also kept for a second, until the balancer has it.
 * Only a copy that came out shared (`public`, a 200, no cookie; app.server.ts) is handed on; otherwise each
 * request is rendered on its own. Replays are labelled `shared-copy` in the metrics, so the page's own route
 * counts its renders.
 */
export function sharedPageFlights(
  session: Pick<Config['session'], 'authCookie' | 'refreshCookie'>,
  label: (res: Response, route: string) => void,
  record: (res: Response, hashes: SharedCopy['hashes']) => void,
) {
  const copies = new Map<string, SharedCopy>();
  const flights = new Map<string, Promise<SharedCopy | null>>();
  const replay = (res: Response, copy: SharedCopy) => {
    label(res, 'shared-copy');
    record(res, copy.hashes);
    res.status(200).set(copy.headers).set('Content-Length', String(copy.body.length)).end(copy.body);
  };
  return (req: Request, res: Response, next: () => void) => {
    if (!isSharedPageRequest(req, session)) return next();
    const key = req.originalUrl;
    const copy = copies.get(key);
    if (copy && copy.until > Date.now()) return replay(res, copy);
    const flight = flights.get(key);
    if (flight) {
      void flight.then((made) => (made && !res.headersSent ? replay(res, made) : next()));
      return;
    }
    // A HEAD has no body to hand on.
    if (req.method !== 'GET') return next();
    let settle!: (copy: SharedCopy | null) => void;
    flights.set(
      key,
      new Promise<SharedCopy | null>((resolve) => (settle = resolve)).finally(() => flights.delete(key)),
    );
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => unknown;
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on('close', () => {
      const hashes = res.locals.inlineHashes as SharedCopy['hashes'] | undefined;
      if (
        !res.writableFinished ||
        res.statusCode !== 200 ||
        res.getHeader('Cache-Control') !== SHARED_CACHE_CONTROL ||
        !hashes
      ) {
        return settle(null);
      }
      const made: SharedCopy = {
        headers: {
          'Content-Type': String(res.getHeader('Content-Type')),
          'Cache-Control': SHARED_CACHE_CONTROL,
        },
        hashes,
        body: Buffer.concat(chunks),
        until: Date.now() + INSTANCE_COPY_MS,
      };
      copies.set(key, made);
      settle(made);
    });
    next();
  };
}
