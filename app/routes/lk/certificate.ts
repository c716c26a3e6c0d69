import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { pageNotFound } from '~/route-params';

/**
 * `/lk/certificate.pdf`: the signed-in teacher's certificate, streamed from the upstream with the token added on
 * the server, saved under a Russian name (`filename*`, RFC 5987). A user without one gets the 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const certificate = await context.rest.certificate.mine();
  if (!certificate) throw pageNotFound(new URL(request.url).pathname);
  const response = await context.rest.files.stream(certificate.file.path, request, {
    download: `Сертификат участника ${certificate.number}.pdf`,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
