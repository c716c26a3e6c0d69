import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Cross-site request forgery guard for every non-GET request on every path: document form posts, Remix data
 * requests (`.data`, `?_data=`) and resource routes alike. A browser tells us where a request comes from in
 * Sec-Fetch-Site; older browsers only in Origin, which must then equal the public origin. A request that
 * says neither is refused too, and so is one whose Origin contradicts its Sec-Fetch-Site: no browser sends a
 * foreign (or `null`) Origin on a same-origin request, and Remix's own check would throw on it. That
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

/**
 * One address: a GET or HEAD under another host than the public origin's (`127.0.0.1:3000` for
 * `localhost:3000`, a balancer's or an instance's own address) is sent to the same path and query under the public
 * origin, so that no form is ever served where the check above would refuse it. The host compared is the one that
 * check compares; the target is the configured origin, never anything the request says. Other methods pass on to
 * the origin check, which refuses them as before.
 */
export function oneAddress(publicOrigin: string) {
  const publicHost = normalHost(new URL(publicOrigin).host, publicOrigin);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!SAFE_METHODS.has(req.method)) return next();
    const host = hostOf(req);
    if (host !== undefined && normalHost(host, publicOrigin) === publicHost) return next();
    // An absolute-form request target (`GET http://elsewhere/x`) keeps only its path and query.
    const target = req.originalUrl.startsWith('/') ? req.originalUrl : pathAndQuery(req.originalUrl);
    res.set('Cache-Control', 'no-store');
    res.redirect(301, `${publicOrigin}${target}`);
  };
}

/** A host without the scheme's default port, in lower case (`Portal.Example:443` for https is `portal.example`). */
function normalHost(host: string, publicOrigin: string): string {
  const defaultPort = publicOrigin.startsWith('https:') ? ':443' : ':80';
  const lower = host.toLowerCase();
  return lower.endsWith(defaultPort) ? lower.slice(0, -defaultPort.length) : lower;
}

function pathAndQuery(target: string): string {
  if (!URL.canParse(target)) return '/';
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}

/** The host of an origin, or the one Remix compares Origin with: the first X-Forwarded-Host, else Host. */
function hostOf(from: string | Request): string | undefined {
  if (typeof from === 'string') return URL.canParse(from) ? new URL(from).host : undefined;
  return from.get('X-Forwarded-Host')?.split(',')[0]?.trim() || from.get('Host');
}
