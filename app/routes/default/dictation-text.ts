import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { handleForm } from '#bff/request/forms.server';
import { readInvitationCode } from '~/server/path-codes.server';
import { OUTCOME_STATUS, saveDictationText } from '~/server/dictation/writing.server';
import { dictationTextSchema } from '~/forms/dictation-writer.schema';

/**
 * A small JSON answer for the page's own `fetch`, sent whole: with its length, so it is never compressed (below
 * the 1 KB threshold) nor chunked, and leaves the instance in one write with its headers. A compressed or chunked
 * answer goes out as headers and first bytes, then the rest after a zlib round trip on the thread pool; an
 * instance killed in between left haproxy with a half-sent answer it cannot retry, and the writer with
 * `TypeError: terminated` (issue 26). Whole, it either left completely or not at all, and haproxy sends a save
 * that got no answer to another instance.
 */
function wholeJson(value: unknown, init: ResponseInit = {}): Response {
  const body = JSON.stringify(value);
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}

/**
 * `/dictation/{code}/text`: where the writing page saves the text every few seconds with JavaScript. A plain
 * `fetch`, not a fetcher: a dropped connection must leave the page and its text as they are, where a fetcher's
 * failure would replace the page with the error boundary. The answer is the outcome as JSON.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const code = readInvitationCode(params.token);
  return handleForm(request, context, {
    guard: 'public',
    schema: dictationTextSchema,
    check: () => (code ? undefined : wholeJson({ outcome: 'unknown' }, { status: 404 })),
    invalid: (errors) => {
      const message = Object.values(errors).flat()[0];
      return wholeJson({ outcome: 'invalid', message }, { status: 400 });
    },
    submit: async (text) => {
      const result = await saveDictationText(context, code!, text);
      return wholeJson(result, {
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
