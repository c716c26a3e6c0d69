import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Cross-site request forgery guard for every non-GET request on every path: document form posts, Remix data
 * requests (`.data`, `?_data=`) and resource routes alike. A browser tells us where a request comes from in
 * Sec-Fetch-Site; older browsers only in Origin, which must then equal the public origin. A request that
 * says neither is refused too.
 */
export function originCheck(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('Sec-Fetch-Site');
    const allowed = site ? site === 'same-origin' || site === 'none' : req.get('Origin') === publicOrigin;
    if (allowed) return next();
    req.log.warn({ site, origin: req.get('Origin') }, 'cross-origin request refused');
    res.status(403).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
    res.send('Запрос отклонён: он отправлен с другого сайта.');
  };
}
