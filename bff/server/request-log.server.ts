import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { redactUrl, type Logger } from '../log.server';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

/**
 * A request id (echoed in X-Request-Id) and a child logger, plus one redacted line per finished request. `open`
 * names the requests under way, for a line about the process as a whole (an unhandled rejection).
 */
export function requestLog(log: Logger) {
  const underWay = new Map<string, { method: string; url: string }>();
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    req.id = randomUUID();
    req.log = log.child({ requestId: req.id });
    res.setHeader('X-Request-Id', req.id);
    underWay.set(req.id, { method: req.method, url: req.originalUrl });
    res.on('close', () => underWay.delete(req.id));
    const started = performance.now();
    res.on('finish', () => {
      const ms = Math.round(performance.now() - started);
      // An exception here would be uncaught and end the process: logging must never take the server down.
      try {
        req.log.info({ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms }, 'request');
      } catch {
        // nothing sensible is left to log
      }
    });
    next();
  };
  return Object.assign(middleware, {
    /** The requests under way (at most `max`), their URLs redacted. */
    open: (max = 20) =>
      [...underWay].slice(0, max).map(([requestId, { method, url }]) => ({ requestId, method, url: redactUrl(url) })),
  });
}
