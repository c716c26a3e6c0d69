import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import type { Config } from '../config.server';

/** A fresh CSP nonce for every response, kept in res.locals for the document's scripts. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString('base64');
  next();
}

/**
 * The hashes of a shared page's inline scripts and style, recorded by entry.server once the whole
 * document is rendered: its policy names them instead of a nonce, which a copy served to many visitors would
 * publish to all of them.
 */
export function recordInlineHashes(res: Response, hashes: { scripts: string[]; styles: string[] }) {
  res.locals.inlineHashes = hashes;
}

/** Whether the response's policy names hashes (a shared page) rather than its nonce. */
export const hasInlineHashes = (res: Response) => res.locals.inlineHashes !== undefined;

/**
 * Security headers (docs/architecture.md §3): strict CSP with the response's nonce (or, on a shared page, the
 * hashes of its inline scripts and style), nosniff, Referrer-Policy, COOP, frame-ancestors 'none'. Development
 * relaxes only what Vite's dev server needs. The policy is written as the headers go out, when it is known which.
 */
export function securityHeaders(config: Pick<Config, 'isProduction' | 'publicOrigin'>) {
  const https = config.publicOrigin.startsWith('https:');
  const dev = !config.isProduction;
  const others = helmet({
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const policy = (res: Response) => {
    const hashes = res.locals.inlineHashes as { scripts: string[]; styles: string[] } | undefined;
    const own = `'nonce-${res.locals.nonce as string}'`;
    const directives: [string, string[]][] = [
      ['default-src', ["'self'"]],
      ['script-src', ["'self'", ...(hashes ? hashes.scripts : [own])]],
      // The document's one <style> carries the nonce or is hashed; style attributes and other
      // inline styles stay refused. Development keeps 'unsafe-inline' for Vite's injected styles.
      ['style-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...(hashes ? hashes.styles : [own])]],
      ['img-src', ["'self'", 'data:']],
      ['font-src', ["'self'"]],
      ['connect-src', dev ? ["'self'", 'ws:'] : ["'self'"]],
      ['manifest-src', ["'self'"]],
      ['form-action', ["'self'"]],
      ['frame-ancestors', ["'none'"]],
      ['base-uri', ["'none'"]],
      ['object-src', ["'none'"]],
      ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
    ];
    return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
  };
  return (req: Request, res: Response, next: NextFunction) => {
    onHeaders(res, () => {
      // A sandboxed answer (an upstream file, bff/rest/files.server.ts) keeps its own, stricter policy: sandboxed,
      // it runs no script whatever else it allows, and the page's policy would give the file the portal's origin.
      if (!isSandboxed(res.getHeader('Content-Security-Policy'))) res.setHeader('Content-Security-Policy', policy(res));
    });
    others(req, res, next);
  };
}

/** Whether a policy already set has the `sandbox` directive (without `allow-scripts`). */
function isSandboxed(value: ReturnType<Response['getHeader']>): boolean {
  if (typeof value !== 'string') return false;
  return value.split(';').some((directive) => {
    const [name, ...tokens] = directive.trim().split(/\s+/);
    return name?.toLowerCase() === 'sandbox' && !tokens.some((token) => token.toLowerCase() === 'allow-scripts');
  });
}
