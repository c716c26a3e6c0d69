import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '#bff/not-found.server';
import { flatRedirectTarget } from '~/lib/flat-redirect-target';

/** docs/product.md §2's flat fallback paths answer with a permanent redirect to the nested screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = flatRedirectTarget(url);
  if (!target) throw pageNotFound(url.pathname);
  return redirect(target, 301);
}

/**
 * Never rendered: the loader always redirects or throws. Having a component keeps this a UI route, because a
 * resource route turns a thrown 404 into a bare `{"message":"Unexpected Server Error"}` instead of the HTML
 * error page.
 */
export default function FlatRedirect() {
  return null;
}
