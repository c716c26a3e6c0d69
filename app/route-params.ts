import { data, type LoaderFunctionArgs } from '@remix-run/node';

/** The error the BFF and the routes throw for a path that names no screen (docs/product.md §8: unknown route). */
export function pageNotFound(pathname: string) {
  return data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

const DIGITS = /^\d+$/;

/**
 * docs/product.md §5: the optional id segment of cabinet routes is digits only. Anything else is a path that names no
 * screen, so it answers 404 to everyone — call this before `requireUser`.
 */
export function requireDigitsId(params: LoaderFunctionArgs['params'], request: Request): string | undefined {
  const { id } = params;
  if (id === undefined) return undefined;
  if (!DIGITS.test(id)) throw pageNotFound(new URL(request.url).pathname);
  return id;
}
