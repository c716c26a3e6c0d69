import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { listBanners } from '../db/banners';
import type { CallRegistrar } from '../http/calls';
import { FILES_DIR } from '../http/files';
import type { Services } from '../services';

/** The size the file reference reports; a picture missing from disk reports 0 rather than failing the list. */
function imageSize(path: string): number {
  try {
    return statSync(resolve(FILES_DIR, path.replace(/^\/files\//, ''))).size;
  } catch {
    return 0;
  }
}

export function registerBannerRoutes(calls: CallRegistrar, services: Services): void {
  calls.open('bannersList', () => ({ items: listBanners(services.db, imageSize) }));
}
