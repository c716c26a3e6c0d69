import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requireForm } from '#bff/auth/require-form.server';
import { readInvitationCode } from './path-codes.server';
import { OUTCOME_STATUS, saveDictationText } from '~/dictation-writing.server';
import { dictationTextSchema } from './dictation-writing.schema';

/**
 * `/dictation/{code}/text`: where the writing page saves the text every few seconds with JavaScript. A plain
 * `fetch`, not a fetcher: a dropped connection must leave the page and its text as they are, where a fetcher's
 * failure would replace the page with the error boundary (ADR 018). The answer is the outcome as JSON.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const code = readInvitationCode(params.token);
  const form = await requireForm(request);
  if (!code) return Response.json({ outcome: 'unknown' }, { status: 404 });
  const parsed = dictationTextSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return Response.json({ outcome: 'invalid', message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  const result = await saveDictationText(context, code, parsed.data);
  return Response.json(result, { status: OUTCOME_STATUS[result.outcome], headers: { 'Cache-Control': 'no-store' } });
}

/** Only the page posts here; a visitor who opens the address lands on the dictation. */
export function loader({ params }: LoaderFunctionArgs) {
  const code = readInvitationCode(params.token);
  return redirect(code ? `/dictation/${code}` : '/dictation');
}
