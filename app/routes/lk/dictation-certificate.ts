import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

/**
 * `/lk/dictations/{id}/certificate.pdf`: the certificate of participation of a checked dictation, streamed from
 * the upstream with the token added on the server and saved under a Russian name. None yet, or not the user's:
 * the 404 page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(requireDigitsId(params, request));
  await requireUser(request, context);
  const { certificate } = await context.rest.dictation.byId(id);
  if (!certificate) throw pageNotFound(new URL(request.url).pathname);
  const response = await context.rest.files.stream(certificate.path, request, { download: certificate.name });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
