import type { LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '~/route-params';

/** `/banners/{id}/image`: a banner's picture, streamed from the upstream by the path its banner names. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const banners = await context.rest.banners.list();
  const banner = banners.find((candidate) => String(candidate.id) === params.id);
  if (!banner) throw pageNotFound(new URL(request.url).pathname);
  const response = await context.rest.files.stream(banner.image.path, request);
  // Pictures change only with their banner; a day is short enough for an edit to show.
  if (response.ok) response.headers.set('Cache-Control', 'public, max-age=86400');
  return response;
}
