import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Cross-site request forgery guard for every non-GET request on every path: document form posts, Remix data
 * requests (`.data`, `?_data=`) and resource routes alike. A browser tells us where a request comes from in
 * Sec-Fetch-Site; older browsers only in Origin, which must then equal the public origin. A request that
 * says neither is refused too, and so is one whose Origin contradicts its Sec-Fetch-Site: no browser sends a
 * foreign (or `null`) Origin on a same-origin request, and Remix's own check would throw on it (ADR 036). That
 * check compares Origin with the request's X-Forwarded-Host or Host, so this one does too: it never throws.
 */
export function originCheck(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('Sec-Fetch-Site');
    const origin = req.get('Origin');
    const sameSite = site ? site === 'same-origin' || site === 'none' : origin !== undefined;
    const allowed = sameSite && (origin === undefined || (origin === publicOrigin && hostOf(origin) === hostOf(req)));
    if (allowed) return next();
    req.log.warn({ site, origin: req.get('Origin') }, 'cross-origin request refused');
    res.status(403).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
    res.send('Запрос отклонён: он отправлен с другого сайта.');
  };
}

/** The host of an origin, or the one Remix compares Origin with: the first X-Forwarded-Host, else Host. */
function hostOf(from: string | Request): string | undefined {
  if (typeof from === 'string') return URL.canParse(from) ? new URL(from).host : undefined;
  return from.get('X-Forwarded-Host')?.split(',')[0]?.trim() || from.get('Host');
}
