import type { LoaderFunctionArgs } from '@remix-run/node';
import { isUpstreamError } from '#bff/rest/errors.server';
import { readInvitationCode } from '~/server/path-codes.server';
import { resourceFailed } from '#bff/rest/files.server';
import { resourceNotFound, resourceRoute } from '#bff/not-found.server';

/**
 * `/dictation/{code}/sound-check`: a few seconds of the reader's voice to check the sound before the time starts,
 * streamed as the reading is. The session names the file while the dictation can be started
 * or is being written; an unknown code, or none to play: 404. A failed call: 502, or 504 without an answer.
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const code = readInvitationCode(params.token);
  if (!code) return resourceNotFound();
  let soundCheck;
  try {
    ({ soundCheck } = await context.rest.dictation.open(code));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure === 'rejected' && error.status === 404) return resourceNotFound();
    return resourceFailed(error.status);
  }
  if (!soundCheck) return resourceNotFound();
  return context.rest.files.stream(soundCheck.path, request);
});
