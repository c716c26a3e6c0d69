import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';

/**
 * `/lk/certificate.pdf`: the signed-in teacher's certificate, streamed from the upstream with the token added on
 * the server, saved under a Russian name (`filename*`, RFC 5987). A user without one gets the resource 404.
 */
export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requireUser(request, context);
  const certificate = await context.rest.certificate.mine();
  if (!certificate) return resourceNotFound();
  const response = await context.rest.files.stream(certificate.file.path, request, {
    download: `Сертификат участника ${certificate.number}.pdf`,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
