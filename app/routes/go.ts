import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { declinePrefetch, isPrefetch } from '#bff/request/prefetch.server';
import { resourceNotFound } from '#bff/not-found.server';

/**
 * `/go/{code}`: a followed banner. The transition is recorded with the banner's analytics code, then the browser
 * goes to that banner's own link from the upstream — the only target there is: nothing in the request names
 * where to go, so this is no open redirect. Works without JavaScript, and counts before leaving. A
 * prefetch is no click: it is declined before anything is read or recorded.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  if (isPrefetch(request)) return declinePrefetch();
  const banners = await context.rest.banners.list();
  const banner = banners.find((candidate) => candidate.code === params.code);
  if (!banner) return resourceNotFound();
  try {
    await context.rest.analytics.linkTransition(banner.code);
  } catch (error) {
    // A lost count must not strand the visitor on an error page: the link still works.
    if (error instanceof Response) throw error;
    context.log.warn({ call: 'linkTransition' }, 'banner transition not recorded');
  }
  return redirect(banner.link, { headers: { 'Cache-Control': 'no-store' } });
}
