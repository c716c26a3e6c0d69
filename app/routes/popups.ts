import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { safeRedirect } from '#bff/auth/redirect.server';
import { requireUser } from '#bff/auth/require-user.server';
import { isUpstreamError, toErrorPage } from '#bff/rest/errors.server';
import { popupName } from '#bff/rest/profile.server';
import { requireForm } from '#bff/auth/require-form.server';

const schema = z.object({ popup: popupName, redirectTo: z.string().optional() });

/**
 * Remembers that the user dismissed a popup (docs/product.md §7, `PUT /rest/v2/users/profile/popup/`), then goes back to
 * the page it was shown on. A plain form post, so dismissing works without JavaScript; with it, a fetcher.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const parsed = schema.safeParse(Object.fromEntries(await requireForm(request)));
  if (!parsed.success) {
    throw new Response('Неизвестное окно.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  // Not a form with fields to put errors next to: a failure is the error page of its status.
  await context.rest.profile.setPopup(parsed.data.popup, true).catch((error: unknown) => {
    throw isUpstreamError(error) ? toErrorPage(error) : error;
  });
  return redirect(safeRedirect(parsed.data.redirectTo, '/lk'), 303);
}

/** A GET never changes state: /popups only answers to the popup forms. */
export function loader() {
  return redirect('/lk');
}
