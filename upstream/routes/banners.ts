import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listBanners } from '../db/banners';
import type { CallRegistrar } from '../http/calls';
import type { Services } from '../services';

const FILES_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'files');

/** The size the file reference reports; a picture missing from disk reports 0 rather than failing the list. */
function imageSize(path: string): number {
  try {
    return statSync(resolve(FILES_ROOT, path.replace(/^\/files\//, ''))).size;
  } catch {
    return 0;
  }
}

export function registerBannerRoutes(calls: CallRegistrar, services: Services): void {
  calls.open('bannersList', () => ({ items: listBanners(services.db, imageSize) }));
}
