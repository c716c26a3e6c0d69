import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { handleForm } from '#bff/request/forms.server';
import { readInvitationCode } from '~/server/path-codes.server';
import { OUTCOME_STATUS, saveDictationText } from '~/server/dictation/writing.server';
import { dictationTextSchema } from '~/forms/dictation-writer.schema';

/**
 * `/dictation/{code}/text`: where the writing page saves the text every few seconds with JavaScript. A plain
 * `fetch`, not a fetcher: a dropped connection must leave the page and its text as they are, where a fetcher's
 * failure would replace the page with the error boundary. The answer is the outcome as JSON, which leaves the
 * instance whole, in one write (bff/server/whole-on-the-wire.server.ts): a save an instance never answered is sent
 * to another one by the balancer, and a half-sent one never reaches the writer (issue 26).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const code = readInvitationCode(params.token);
  return handleForm(request, context, {
    guard: 'public',
    schema: dictationTextSchema,
    check: () => (code ? undefined : Response.json({ outcome: 'unknown' }, { status: 404 })),
    invalid: (errors) => {
      const message = Object.values(errors).flat()[0];
      return Response.json({ outcome: 'invalid', message }, { status: 400 });
    },
    submit: async (text) => {
      const result = await saveDictationText(context, code!, text);
      return Response.json(result, {
        status: OUTCOME_STATUS[result.outcome],
        headers: { 'Cache-Control': 'no-store' },
      });
    },
  });
}

/** Only the page posts here; a visitor who opens the address lands on the dictation. */
export function loader({ params }: LoaderFunctionArgs) {
  const code = readInvitationCode(params.token);
  return redirect(code ? `/dictation/${code}` : '/dictation');
}
