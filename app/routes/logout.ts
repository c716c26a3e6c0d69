import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#bff/request/redirect.server';
import { handleForm } from '#bff/request/forms.server';
import { logoutSchema } from '~/forms/logout.schema';

/**
 * What a logout asks the browser to drop: cached personal pages, every cookie of the site (the sign-in's device
 * cookie too) and the site's storage — the dictation's text kept offline must not stay for the
 * next person at a shared computer.
 */
export const CLEAR_SITE_DATA = '"cache", "cookies", "storage"';

/**
 * Logout (docs/product.md §4.5): the session ended on every instance (every cookie minted from its sign-in),
 * the upstream told, both cookies cleared, and the browser told to drop what it keeps of the site. From
 * an lk or profile page the user lands on `/`; from a public page, back where they were; either way with
 * `?signed-out=1`, which has the page say «Вы вышли из личного кабинета». The session never
 * refreshes to serve a page, and the cookies are cleared even when the upstream call fails: the browser must not
 * keep a session the user asked to end, and the portal refuses it from then on. A logout the shared
 * state could not record (a Redis outage) lands on the login page, which says that signing out everywhere is not
 * confirmed (ADR 212).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'public',
    schema: logoutSchema,
    submit: async ({ redirectTo }) => {
      const { confirmed } = await context.session.logOut();
      const from = safeRedirect([redirectTo].flat()[0], '/');
      const target = !confirmed
        ? '/login?reason=logout-unconfirmed'
        : signedOut(/^\/(lk|profile)(\/|$|\?)/i.test(from) ? '/' : from);
      return redirect(target, { status: 303, headers: { 'Clear-Site-Data': CLEAR_SITE_DATA } });
    },
  });
}

/** The page a logout lands on, flagged so it says «Вы вышли» (read by the public layout). */
export const SIGNED_OUT = 'signed-out';

function signedOut(path: string): string {
  const url = new URL(path, 'http://portal.invalid');
  url.searchParams.set(SIGNED_OUT, '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A GET never changes state: /logout only answers to the logout form. */
export function loader() {
  return redirect('/');
}
