import type { LoaderFunctionArgs } from '@remix-run/node';
import { isUpstreamError } from '#bff/rest/errors.server';
import { readInvitationCode } from '~/server/path-codes.server';
import { resourceFailed } from '#bff/rest/files.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';

/**
 * `/dictation/{code}/reading`: the dictation read aloud, streamed from the upstream through the portal
 * with a single Range passing through, as a master class's recording is. Authorised as the writing page
 * is, by the invitation code: the upstream gives the session of a dictation being written a path to its reading,
 * and nothing before the start or after the hand-in — then, as for an unknown code, 404. The browser never sees
 * the upstream's address or that path. A failed call: 502, or 504 when the upstream did not answer.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const code = readInvitationCode(params.token);
  if (!code) return resourceNotFound();
  let reading;
  try {
    ({ reading } = await context.rest.dictation.open(code));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure === 'rejected' && error.status === 404) return resourceNotFound();
    // A player shows no error page: a short answer of a fitting status, never the framework's 500.
    return resourceFailed(error.status);
  }
  if (!reading) return resourceNotFound();
  return context.rest.files.stream(reading.recording.path, request);
});
