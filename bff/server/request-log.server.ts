import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { redactUrl, type Logger } from '../log.server';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

/** A request id (echoed in X-Request-Id) and a child logger, plus one redacted line per finished request. */
export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.id = randomUUID();
    req.log = log.child({ requestId: req.id });
    res.setHeader('X-Request-Id', req.id);
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
}
