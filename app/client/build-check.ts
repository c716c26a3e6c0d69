import type { Navigation } from '@remix-run/react';
import { hours } from '#shared/time';

/** docs/product.md §9: how often the page asks the server whether a new build has been deployed. */
export const BUILD_CHECK_INTERVAL = hours(1);

/** The descriptor the server answers at this path, `{ buildId }`, equal to the root loader's `buildId`
 * (BUILD_ID, or else the Remix build's version). */
export const BUILD_DESCRIPTOR_PATH = '/build.json';

/** An empty id means the build is unknown, so no comparison is possible. */
export function isNewBuild(renderedBuildId: string, latestBuildId: string | null): boolean {
  return Boolean(renderedBuildId) && Boolean(latestBuildId) && latestBuildId !== renderedBuildId;
}

/**
 * Whether a starting navigation should become a full document load: only when a newer build is known, and only
 * for GET navigations (a submission is left alone so its action result is not lost; the next link click reloads).
 */
export function shouldLoadDocument(
  navigation: Pick<Navigation, 'state' | 'formMethod'>,
  renderedBuildId: string,
  latestBuildId: string | null,
): boolean {
  if (navigation.state !== 'loading') return false;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') return false;
  return isNewBuild(renderedBuildId, latestBuildId);
}

/** Reads `{ buildId }`; anything else (an error page, a proxy's HTML) counts as unknown. */
export function parseBuildDescriptor(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('buildId' in body)) return null;
  const { buildId } = body;
  return typeof buildId === 'string' && buildId !== '' ? buildId : null;
}
