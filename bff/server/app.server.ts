import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import onHeaders from 'on-headers';
import { createHoneypot } from '../request/honeypot.server';
import { createAuthLimits } from '../request/rate-limit.server';
import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import { createReadCache } from '../rest/cache.server';
import { createUpstreamClient } from '../rest/client.server';
import { createFileFetcher } from '../rest/files.server';
import { createRestClient } from '../rest/rest.server';
import { createTimings } from '../rest/timings.server';
import { createSealer } from '../session/seal.server';
import { createSessionStore } from '../session/session.server';
import { createMetrics, type Metrics } from '../metrics.server';
import { createSharedState } from '../state/state.server';
import { createHealth, probeUpstream } from './health.server';
import { bodyLimit } from './body-limit.server';
import { httpMetrics, labelRoute } from './http-metrics.server';
import { oneAddress, originCheck } from './origin.server';
import { requestLog } from './request-log.server';
import { hasInlineHashes, nonce, securityHeaders, recordInlineHashes } from './security.server';
import { inlineHashes, isSharedPageRequest, SHARED_CACHE_CONTROL, sharedPageFlights } from './shared-pages.server';
import { wholeOnTheWire } from './whole-on-the-wire.server';

/**
 * Brotli for what the server makes per request. A window of 2^18 bytes, more than any page (a larger
 * response still compresses, with its matches within the window), and quality 2: a page comes out about a tenth
 * larger than at the middleware's default 4, for 40 % less CPU time.
 */
const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_QUALITY]: 2 };

export interface PortalServerOptions {
  config: Config;
  log: Logger;
  /** The Remix server build, or a function giving the current one (the dev server rebuilds). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build, served as static files (absent in development, where Vite serves them). */
  clientDir?: string;
  /** Vite's dev middleware, in development only. */
  devMiddleware?: express.RequestHandler;
  /** The fetch used for /rest calls (tests pass one through MSW). */
  fetch?: typeof fetch;
  /** The process's metrics registry; a fresh one by default. */
  metrics?: Metrics;
}

/** The portal's HTTP server: middleware of docs/architecture.md §3, then Remix with a per-request context. */
export function createPortalApp(options: PortalServerOptions) {
  const { config, log } = options;
  // Counted at the seams: the upstream client, the read cache, the shared state, the limits.
  const metrics = options.metrics ?? createMetrics();
  const send = createUpstreamClient({ config, log, fetch: options.fetch, metrics });
  const fetchFile = createFileFetcher({ config, fetch: options.fetch });
  const cache = createReadCache({ deadlineMs: config.rest.deadlineMs, metrics });
  // The one seam between one instance and many: nothing below knows whether this is memory or Redis.
  const shared = createSharedState(config, log, createSealer(config.session.secrets), metrics);
  const sessions = createSessionStore({ config, send, log, state: shared });
  const limits = createAuthLimits(config, shared, log, metrics);
  const honeypot = createHoneypot(config.session.secrets[0]!);
  const currentBuild = typeof options.build === 'function' ? options.build : async () => options.build as ServerBuild;
  // The probes of the operations listener: nothing of them is served on this, the public, port.
  const health = createHealth({
    redisAnswers: () => shared.answers(),
    upstreamAnswers: probeUpstream(config.rest.baseUrl, options.fetch),
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const requests = requestLog(log);
  app.use(httpMetrics(metrics, currentBuild), requests, nonce, securityHeaders(config), wholeOnTheWire);

  app.use(oneAddress(config.publicOrigin), originCheck(config.publicOrigin), bodyLimit);
  // Brotli's default window is 4 MB, allocated afresh for every response: a page is far smaller, and a 256 KB
  // window compresses it exactly as well for half the CPU time of a small page.
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));
  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    // Scripts as the build compressed them (scripts/precompress.ts): brotli or gzip, as the browser accepts. Only
    // the build's own files reach it; any other path under /assets/ (a missing or malformed one) is the 404 page.
    const assetsDir = path.join(options.clientDir, 'assets');
    const assetFiles = filesUnder(assetsDir);
    const serveAsset = expressStaticGzip(assetsDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false },
    });
    app.use('/assets', (req, res, next) => {
      if (!assetFiles.has(req.path)) return next();
      labelRoute(res, 'static');
      serveAsset(req, res, next);
    });
    // The files of public/ (favicon, robots.txt, …), listed once: looking every page's path up on disk cost a
    // file-system call per request.
    const publicFiles = filesUnder(options.clientDir, { except: 'assets' });
    const servePublic = express.static(options.clientDir, { maxAge: '1h', index: false });
    app.use((req, res, next) => {
      if (!publicFiles.has(req.path)) return next();
      labelRoute(res, 'static');
      servePublic(req, res, next);
    });
  }

  const buildId = async () => config.buildId ?? (await currentBuild()).assets.version;
  // The build descriptor the page polls hourly to notice a new deployment (docs/product.md §4).
  app.get('/build.json', (_req, res, next) => {
    labelRoute(res, 'build.json');
    buildId().then((id) => res.set('Cache-Control', 'no-store').json({ buildId: id }), next);
  });

  async function getLoadContext(req: Request, res: Response): Promise<AppLoadContext> {
    const aborted = new AbortController();
    // One deadline for the page's upstream calls, retries included: the page answers by then. Its timer
    // is cleared with the response, so it holds nothing of the request once that is sent.
    const deadlinePassed = new AbortController();
    const deadlineTimer = setTimeout(() => deadlinePassed.abort(), config.rest.deadlineMs);
    res.on('close', () => {
      clearTimeout(deadlineTimer);
      if (!res.writableFinished) aborted.abort();
    });
    const session = sessions.forRequest({ cookieHeader: req.headers.cookie, signal: aborted.signal });
    const timings = createTimings();
    const deadline = AbortSignal.any([aborted.signal, deadlinePassed.signal]);
    // A public page for a visitor without a session (ADR 227) may be kept by the balancer for a few seconds, once
    // it is known to be a whole page of status 200 whose policy names its hashes, setting no cookie and showing
    // nobody's session.
    const sharedRequest = isSharedPageRequest(req, config.session);
    // Session changes are written once, as the headers go out; personal responses are never stored by caches,
    // and neither is any other document (each carries its own CSP nonce and honeypot) nor any answer setting a
    // cookie, whichever code set it: a shared cache would hand that cookie to the next visitor.
    onHeaders(res, () => {
      for (const cookie of session.setCookieHeaders()) res.append('Set-Cookie', cookie);
      const document = /^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? ''));
      const shared =
        sharedRequest &&
        document &&
        hasInlineHashes(res) &&
        res.statusCode === 200 &&
        !session.personal &&
        !res.hasHeader('Set-Cookie');
      if (shared) {
        // Its reads are the anonymous, shared ones; a kept copy's timings would describe another request.
        res.setHeader('Cache-Control', SHARED_CACHE_CONTROL);
        return;
      }
      if (session.personal || document || res.hasHeader('Set-Cookie')) {
        res.setHeader('Cache-Control', 'private, no-store');
      }
      const serverTiming = timings.header();
      if (serverTiming) res.setHeader('Server-Timing', serverTiming);
    });
    return {
      config,
      log: req.log,
      nonce: sharedRequest ? '' : (res.locals.nonce as string),
      sharedPage: sharedRequest ? { rendered: (html) => recordInlineHashes(res, inlineHashes(html)) } : null,
      requestId: req.id,
      buildId: await buildId(),
      clientAddress: req.ip ?? 'unknown',
      session,
      rest: createRestClient({
        send,
        fetchFile,
        session,
        cache,
        timings,
        signal: aborted.signal,
        deadline,
        log: req.log,
        home: req.path === '/' || req.path === '/_root.data',
      }),
      limits,
      honeypot,
      metrics,
    };
  }

  // A crowd's concurrent requests for one public page wait for one render.
  app.use(sharedPageFlights(config.session, labelRoute, recordInlineHashes));

  const remix = createRequestHandler({
    // The build itself when it never changes: given a function, Remix rebuilds its route tables and request
    // handler on every request, a fifth of a page's CPU.
    build: options.build,
    getLoadContext,
    mode: config.isProduction ? 'production' : 'development',
  });
  // `use`, not `all('*')`: Express would decode the path as a route parameter and fail on malformed escapes.
  // Express 4 ignores the promise a handler returns: whatever escapes it goes to the error handler below.
  app.use((req, res, next) => {
    remix(req, res, next).catch(next);
  });

  app.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    req.log.error({ err: error }, 'unhandled server error');
    if (!res.headersSent) res.status(500).type('text/plain; charset=utf-8').send('Ошибка 500');
  });

  return {
    app,
    metrics,
    /** The process's shared state: wait for it before listening, close it on shutdown. */
    shared,
    /** What the operations listener's probes answer (started, shutting down, dependencies). */
    health,
    /** The requests under way, redacted: what a line about the whole process names. */
    openRequests: requests.open,
  };
}

/** The files under `dir` as URL paths (`/robots.txt`), leaving out the folder `except`. */
function filesUnder(dir: string, { except }: { except?: string } = {}): Set<string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => (!except || !file.startsWith(`${except}${path.sep}`)) && statSync(path.join(dir, file)).isFile(),
  );
  return new Set(files.map((file) => `/${file.split(path.sep).join('/')}`));
}
