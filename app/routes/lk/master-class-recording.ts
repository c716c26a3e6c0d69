import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/request/require-user.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * The recording of a master class, streamed from the upstream through the portal: the browser never learns the
 * upstream's address or a token. A single Range passes through, so the player seeks and resumes without
 * downloading the whole file.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  const { recording } = await context.rest.webinars.byId(id);
  if (!recording) return resourceNotFound();
  return context.rest.files.stream(recording.path, request);
});
