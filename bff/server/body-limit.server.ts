import type { NextFunction, Request, Response } from 'express';

/** Forms here are a few hundred bytes; nothing the portal accepts comes near this. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Remix reads a request body whole before an action sees it, so an oversized body is refused here, from its
 * Content-Length. A body without one (a chunked upload) is refused too: browsers send Content-Length with
 * every form post and every fetch the portal makes.
 */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const declared = req.get('Content-Length');
  if (declared === undefined && req.get('Transfer-Encoding'))
    return refuse(res, 411, 'Запрос без длины тела не принимается.');
  if (Number(declared) > MAX_BODY_BYTES) return refuse(res, 413, 'Запрос слишком большой.');
  next();
}

function refuse(res: Response, status: number, message: string) {
  res
    .status(status)
    .type('text/plain; charset=utf-8')
    .set({ 'Cache-Control': 'no-store', Connection: 'close' })
    .send(message);
}
