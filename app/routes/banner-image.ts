import type { LoaderFunctionArgs } from '@remix-run/node';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';
import { days } from '#shared/time';

/** `/banners/{id}/image`: a banner's picture, streamed from the upstream by the path its banner names. */
export const loader = resourceRoute(async ({ params, request, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  const banners = await context.rest.banners.list();
  const banner = banners.find((candidate) => candidate.id === id);
  if (!banner) return resourceNotFound();
  const response = await context.rest.files.stream(banner.image.path, request);
  // Pictures change only with their banner; a day is short enough for an edit to show.
  if (response.ok) response.headers.set('Cache-Control', `public, max-age=${days(1) / 1000}`);
  return response;
});
