import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * `/lk/dictations/{id}/certificate.pdf`: the certificate of participation of a checked dictation, streamed from
 * the upstream with the token added on the server and saved under a Russian name. None yet, or not the user's:
 * the resource 404. `?grade=1`: the variant with a failing grade printed, which the participant asks
 * for by this link (ADR 238); where the grade is printed anyway there is no such variant, and the 404.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const withGrade = new URL(request.url).searchParams.get('grade') === '1';
  const dictation = await context.rest.dictation.byId(id);
  const certificate = withGrade ? dictation.gradedCertificate : dictation.certificate;
  if (!certificate) return resourceNotFound();
  const response = await context.rest.files.stream(certificate.path, request, { download: certificate.name });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
