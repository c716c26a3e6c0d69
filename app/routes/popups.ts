import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#bff/request/redirect.server';
import { isUpstreamError, toErrorPage } from '#bff/rest/errors.server';
import { handleForm } from '#bff/request/forms.server';
import { popupSchema } from '~/forms/popup.schema';

/**
 * Remembers that the user dismissed a popup (docs/product.md §7, `PUT /rest/v2/users/profile/popup/`), then goes back to
 * the page it was shown on. A plain form post, so dismissing works without JavaScript; with it, a fetcher.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: popupSchema,
    invalid: () => {
      throw new Response('Неизвестное окно.', {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    },
    submit: async ({ popup, redirectTo }) => {
      // Not a form with fields to put errors next to: a failure is the error page of its status.
      await context.rest.profile.setPopup(popup, true).catch((error: unknown) => {
        throw isUpstreamError(error) ? toErrorPage(error) : error;
      });
      return redirect(safeRedirect(redirectTo, '/lk'), 303);
    },
  });
}

/** A GET never changes state: /popups only answers to the popup forms. */
export function loader() {
  return redirect('/lk');
}
