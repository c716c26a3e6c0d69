import type { AppLoadContext } from '@remix-run/node';
import type { Profile } from '#contract';

/** The part of the profile the UI shows about the signed-in user (never a token). */
export type Viewer = Pick<Profile, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'popups' | 'emailConfirmed'>;

export async function getViewer(context: AppLoadContext): Promise<Viewer | null> {
  if (!(await context.session.user())) return null;
  const { id, firstName, lastName, email, role, popups, emailConfirmed } = await context.rest.profile.get();
  return { id, firstName, lastName, email, role, popups, emailConfirmed };
}
