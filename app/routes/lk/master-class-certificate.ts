import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * `/lk/master-classes/{id}/certificate.pdf`: the certificate of a master class watched, streamed from the
 * upstream with the token added on the server and saved under a Russian name. Not earned yet: the resource 404.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const earned = (await context.rest.webinars.byId(id)).certificate?.earned;
  if (!earned) return resourceNotFound();
  const response = await context.rest.files.stream(earned.file.path, request, { download: earned.file.name });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
