import { redirect, type AppLoadContext } from '@remix-run/node';
import { loginUrlFor } from './redirect.server';

/**
 * The signed-in user, or a redirect to /login that brings the visitor back afterwards. Every lk and profile
 * loader and action calls it: each one is a public endpoint of its own.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<{ id: number }> {
  const user = await context.session.user();
  if (!user) throw redirect(loginUrlFor(new URL(request.url)));
  return user;
}

/** For the sign-in screens: a visitor who is already signed in goes to the cabinet. */
export async function requireAnonymous(context: AppLoadContext): Promise<void> {
  if (await context.session.user()) throw redirect('/lk');
}
