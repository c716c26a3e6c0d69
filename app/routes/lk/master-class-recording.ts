import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { pageNotFound, requireDigitsId } from '~/route-params';

/**
 * The recording of a master class, streamed from the upstream through the portal: the browser never learns the
 * upstream's address or a token. Range requests pass through, so the player seeks and resumes without
 * downloading the whole file.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(requireDigitsId(params, request));
  await requireUser(request, context);
  const { recording } = await context.rest.webinars.byId(id);
  if (!recording) throw pageNotFound(new URL(request.url).pathname);
  return context.rest.files.stream(recording.path, request);
}
