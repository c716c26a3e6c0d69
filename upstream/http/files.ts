import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { UpstreamApp } from '../services';

/** The reference upstream's file store: materials, recordings and the like, shipped with the repository. */
export const FILES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../files');

/**
 * `GET /files/<path>`: the files that contract results point at (`fileRef.path`), with Range support so that a
 * video can be sought. Dynamic files (a generated certificate, say) are registered by their route modules before
 * this one and take precedence. Paths with `..`, doubled slashes or backslashes never leave the folder.
 */
export function registerFileRoutes(app: UpstreamApp): void {
  app.get(
    '/files/*',
    serveStatic({ root: FILES_DIR, rewriteRequestPath: (requestPath) => requestPath.replace(/^\/files/, '') }),
  );
}
