import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { handleForm } from '#bff/request/forms.server';
import { masterClassProgressSchema } from '~/forms/master-class-progress.schema';
import { requireUser } from '#bff/request/require-user.server';
import { isUpstreamError } from '#bff/rest/errors.server';
import { resourceRoute } from '#bff/not-found.server';
import { readId } from '~/server/route-params';

/**
 * Where the player reports the place in a recording: a `fetch` where playback starts and every 15 s of it, and a
 * `sendBeacon` when the page is left. A beacon is a same-origin POST (`Sec-Fetch-Site: same-origin`, form-encoded), so the origin
 * check passes it like any form. Nobody reads the answer, so it is a bare status.
 */
export const action = resourceRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const webinarId = readId(params, request);
  // Every answer is a bare status: `invalid` and `submit` answer each case, so no form reply is ever made.
  const answer = handleForm(request, context, {
    guard: 'signed-in',
    schema: masterClassProgressSchema,
    invalid: () => new Response(null, { status: 400 }),
    submit: async (time) => {
      // At most a dozen reports a minute per account pass on (issue 36); the upstream counts only real
      // time whatever arrives, this keeps a script from making it work for nothing.
      const user = await requireUser(request, context);
      const wait = await context.limits.progressReport(user.id);
      if (wait !== null) return new Response(null, { status: 429, headers: { 'Retry-After': String(wait) } });
      try {
        await context.rest.webinars.putHistoryTime({ webinarId, ...time });
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        return new Response(null, { status: error.status && error.status >= 400 ? error.status : 502 });
      }
      return new Response(null, { status: 204 });
    },
  });
  return answer as Promise<Response>;
});

/** Only the player posts here; a visitor who opens the address lands on the master class. */
export const loader = resourceRoute(async ({ params, request, context }: LoaderFunctionArgs) => {
  const id = readId(params, request);
  await requireUser(request, context);
  return redirect(`/lk/master-classes/${id}`);
});
