import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '~/route-params';

/**
 * `/go/{code}`: a followed banner. The transition is recorded with the banner's analytics code, then the browser
 * goes to that banner's own link from the upstream — the only target there is: nothing in the request names
 * where to go, so this is no open redirect (ADR 015). Works without JavaScript, and counts before leaving.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const banners = await context.rest.banners.list();
  const banner = banners.find((candidate) => candidate.code === params.code);
  if (!banner) throw pageNotFound(new URL(request.url).pathname);
  try {
    await context.rest.analytics.linkTransition(banner.code);
  } catch (error) {
    // A lost count must not strand the visitor on an error page: the link still works.
    if (error instanceof Response) throw error;
    context.log.warn({ call: 'linkTransition' }, 'banner transition not recorded');
  }
  return redirect(banner.link, { headers: { 'Cache-Control': 'no-store' } });
}
