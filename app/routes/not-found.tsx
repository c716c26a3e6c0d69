import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '#bff/not-found.server';

/** docs/product.md §8: an unmatched path is 404 `Page not found: {path}`, for reads and posts alike. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw pageNotFound(new URL(request.url).pathname);
}

export async function action({ request }: ActionFunctionArgs) {
  throw pageNotFound(new URL(request.url).pathname);
}

/**
 * Never rendered: the loader always throws. Having a component makes this a UI route, so the 404 renders the
 * root error boundary's HTML page instead of a bare resource response.
 */
export default function NotFound() {
  return null;
}
