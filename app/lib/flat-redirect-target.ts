import { FLAT_PATHS } from './flat-paths';

type FlatPath = keyof typeof FLAT_PATHS;

const DIGITS = /^\d+$/;

function isFlatPath(segment: string): segment is FlatPath {
  return Object.hasOwn(FLAT_PATHS, segment);
}

/**
 * Where a flat fallback path (docs/product.md §2) lives in the nested route table, or null when the request names no
 * screen. The `-id` forms move a digits-only `?id=` into the path; every other query parameter is kept.
 * Route matching is case-insensitive and tolerates a trailing slash, so the lookup is too.
 */
export function flatRedirectTarget(url: URL): string | null {
  const segment = url.pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!isFlatPath(segment)) return null;

  let pathname: string = FLAT_PATHS[segment];
  const search = new URLSearchParams(url.search);
  if (segment.endsWith('-id')) {
    const id = search.get('id');
    search.delete('id');
    if (id) {
      if (!DIGITS.test(id)) return null;
      pathname = `${pathname}/${id}`;
    }
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
