import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#bff/auth/redirect.server';
import { requireForm } from '#bff/auth/require-form.server';

/**
 * Logout (docs/product.md §4.5): the upstream call, both cookies cleared, and the browser told to drop cached personal
 * pages and every cookie of the site — the sign-in's device cookie too (ADR 009 says what that costs). From an lk or profile page the user lands on `/`; from a public page, back where they were.
 * The session never refreshes first, and the cookies are cleared even when the upstream call fails: the
 * browser must not keep a session the user asked to end, and the portal refuses it from then on (ADR 008).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireForm(request);
  await context.session.logOut();
  const from = safeRedirect(form.get('redirectTo'), '/');
  const target = /^\/(lk|profile)(\/|$|\?)/i.test(from) ? '/' : from;
  return redirect(target, { status: 303, headers: { 'Clear-Site-Data': '"cache", "cookies"' } });
}

/** A GET never changes state: /logout only answers to the logout form. */
export function loader() {
  return redirect('/');
}
