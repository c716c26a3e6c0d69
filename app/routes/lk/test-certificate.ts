import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * `/lk/testing/{id}/certificate.pdf`: the certificate of a test passed, streamed from the upstream with
 * the token added on the server and saved under a Russian name. Not passed yet: the resource 404.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const { certificate } = await context.rest.testing.byId(id);
  if (!certificate) return resourceNotFound();
  const response = await context.rest.files.stream(certificate.file.path, request, { download: certificate.file.name });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
