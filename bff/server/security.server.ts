import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.server';

/** A fresh CSP nonce for every response, kept in res.locals for the document's scripts. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString('base64');
  next();
}

const responseNonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce}'`;

/**
 * Security headers (docs/architecture.md §3): strict CSP with the response's nonce, nosniff, Referrer-Policy, COOP,
 * frame-ancestors 'none'. Development relaxes only what Vite's dev server needs.
 */
export function securityHeaders(config: Pick<Config, 'isProduction' | 'publicOrigin'>) {
  const https = config.publicOrigin.startsWith('https:');
  const dev = !config.isProduction;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", responseNonce],
        // The document's one <style> carries the nonce (ADR 033); style attributes and other inline styles stay
        // refused. Development keeps 'unsafe-inline' for Vite's injected styles (a nonce would switch it off).
        styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", responseNonce],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
