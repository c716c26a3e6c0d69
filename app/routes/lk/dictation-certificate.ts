import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/route-params';

/**
 * `/lk/dictations/{id}/certificate.pdf`: the certificate of participation of a checked dictation, streamed from
 * the upstream with the token added on the server and saved under a Russian name. None yet, or not the user's:
 * the resource 404 (ADR 024).
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const { certificate } = await context.rest.dictation.byId(id);
  if (!certificate) return resourceNotFound();
  const response = await context.rest.files.stream(certificate.path, request, { download: certificate.name });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
