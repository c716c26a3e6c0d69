import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#bff/auth/redirect.server';

/**
 * Logout (docs/product.md §4.5): the upstream call, both cookies cleared, and the browser told to drop cached personal
 * pages. From an lk or profile page the user lands on `/`; from a public page, back where they were.
 * The cookies are cleared even when the upstream call fails: the browser must not keep a session the user
 * asked to end.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (await context.session.user()) {
    await context.rest.auth.logout().catch((error: unknown) => {
      context.log.warn({ err: error }, 'upstream logout failed; clearing the session anyway');
    });
  }
  context.session.signOut();
  const from = safeRedirect(form.get('redirectTo'), '/');
  const target = /^\/(lk|profile)(\/|$|\?)/i.test(from) ? '/' : from;
  return redirect(target, { status: 303, headers: { 'Clear-Site-Data': '"cache"' } });
}

/** A GET never changes state: /logout only answers to the logout form. */
export function loader() {
  return redirect('/');
}
