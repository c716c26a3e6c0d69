import { z } from 'zod';
import { call, emptyResult, noBody, noQuery } from './define';
import { NAME_MAX, NAME_MESSAGES, nameProblem } from '#shared/names';

/** Authentication and profile calls of the provider's API (docs/product.md, "Calls"). */

const email = z.string().trim().toLowerCase().email().max(254);
const password = z.string().min(8).max(128);
/**
 * A person's name by the one rule of `#shared/names` (ADR 220); `russian` tells the upstream's validation to pass
 * the message on as it is.
 */
const nameRule = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, params: { russian: true } });
  });
const name = nameRule(z.string().trim().min(1).max(NAME_MAX, NAME_MESSAGES.tooLong));
const middleName = nameRule(z.string().trim().max(NAME_MAX, NAME_MESSAGES.tooLong));
/**
 * The portal's public origin, which a mailed link points to (the upstream serves no pages of its own). A hint only:
 * a provider links the origin it was configured with, whatever a caller names (issue 44; the reference upstream
 * ignores it).
 */
const portalOrigin = z
  .string()
  .url()
  .max(200)
  .refine((url) => /^https?:$/.test(new URL(url).protocol));
/** The random token of a confirmation link (ADR 214). */
const confirmationToken = z.string().min(16).max(256);
/** Russian mobile number, digits only, 11 digits starting with 7. */
const phone = z.string().regex(/^7\d{10}$/);

export const role = z.enum(['participant', 'teacher', 'admin']);

export const loginResult = z.object({
  id: z.number().int().positive(),
  token: z.object({ authToken: z.string().min(1), refreshToken: z.string().min(1) }),
});
export const refreshResult = z.object({
  id: z.number().int().positive(),
  token: z.object({ authToken: z.string().min(1) }),
});

export const profile = z.object({
  id: z.number().int().positive(),
  email,
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  phone: z.string(),
  city: z.string(),
  organization: z.string(),
  role,
  /**
   * Whether the address was confirmed by the link mailed on registration (ADR 214). An extension: a provider that
   * does not confirm addresses leaves it out, and the portal then reminds nobody.
   */
  emailConfirmed: z.boolean().default(true),
  /**
   * A new address asked for while the address was confirmed, waiting for its link (ADR 214); null when there is
   * none. An extension: a provider without address changes leaves it out.
   */
  pendingEmail: email.nullable().default(null),
  /** Popup flags remembered per user, e.g. { welcome: true } once the welcome notice was dismissed. */
  popups: z.record(z.string(), z.boolean()),
});
export type Profile = z.infer<typeof profile>;

export const popupName = z.enum(['welcome']);

export const accountCalls = {
  register: call({
    method: 'POST',
    path: '/rest/v2/users/authentication/register/',
    query: noQuery,
    // `portalOrigin`: where the mailed confirmation link points (ADR 214).
    body: z.object({ email, password, firstName: name, lastName: name, phone, portalOrigin }),
    result: loginResult,
    auth: 'none',
  }),
  /**
   * Confirms an address by the token of the link mailed on registration (ADR 214): once, before it expires.
   * Only a POST consumes it: the portal's page for the link is a form with one button, so a mail scanner that
   * opens the link confirms nothing.
   */
  confirmEmail: call({
    method: 'POST',
    path: '/rest/v2/users/authentication/confirm/',
    query: noQuery,
    // `portalOrigin`: where the links of letters that waited for the first confirmed address point (ADR 215).
    body: z.object({ token: confirmationToken, portalOrigin: portalOrigin.optional() }),
    // `changed`: the link was a change's (ADR 214), so the sign-in address is now the confirmed one.
    result: z.object({ confirmed: z.literal(true), changed: z.boolean().optional() }),
    auth: 'none',
    extension: true,
  }),
  /** Mails the signed-in user a new confirmation link (the earlier ones stop working); nothing for a confirmed one. */
  resendConfirmation: call({
    method: 'POST',
    path: '/rest/v2/users/profile/confirm/send/',
    query: noQuery,
    body: z.object({ portalOrigin }),
    result: z.object({ sent: z.boolean() }),
    auth: 'required',
    extension: true,
  }),
  login: call({
    method: 'POST',
    path: '/rest/users/authentication/login/',
    query: noQuery,
    body: z.object({ login: email, password: z.string().min(1).max(128) }),
    result: loginResult,
    auth: 'none',
  }),
  logout: call({
    method: 'POST',
    path: '/rest/users/authentication/logout/',
    query: z.object({ debug: z.literal('Y') }),
    body: noBody,
    result: emptyResult,
    auth: 'required',
  }),
  refresh: call({
    method: 'POST',
    path: '/rest/users/authentication/refresh/',
    // The refresh token travels as `token`, like the auth token on other calls (docs/product.md §7).
    query: z.object({ token: z.string().min(1), type: z.literal('prolong') }),
    body: noBody,
    result: refreshResult,
    auth: 'none',
  }),
  pass: call({
    method: 'POST',
    path: '/rest/users/authentication/pass/',
    query: noQuery,
    body: z.object({ pass: z.string().min(1).max(256) }),
    result: loginResult,
    auth: 'none',
  }),
  restoreSend: call({
    method: 'POST',
    path: '/rest/users/authentication/restore/send/',
    query: noQuery,
    body: z.object({ email }),
    result: emptyResult,
    auth: 'none',
  }),
  restoreConfirm: call({
    method: 'POST',
    path: '/rest/users/authentication/restore/confirm/',
    query: noQuery,
    body: z.object({ email, code: z.string().regex(/^\d{6}$/), password }),
    /**
     * `id`, an extension: the account whose password was set, so that the portal ends every session of it, whatever
     * address each signed in with (issue 44). A provider that leaves it out has them ended by the addresses the portal
     * saw the account sign in with or move to.
     */
    result: emptyResult.extend({ id: z.number().int().positive().optional() }),
    auth: 'none',
  }),
  adminAuth: call({
    method: 'POST',
    path: '/rest/v2/users/authentication/auth/',
    query: noQuery,
    body: z.object({ login: email, password: z.string().min(1).max(128) }),
    result: loginResult,
    auth: 'none',
  }),
  profile: call({
    method: 'GET',
    path: '/rest/v2/users/profile/',
    query: noQuery,
    body: noBody,
    result: profile,
    auth: 'required',
  }),
  updateProfile: call({
    method: 'PUT',
    path: '/rest/v2/users/profile/',
    query: noQuery,
    body: z.object({
      firstName: name,
      lastName: name,
      middleName,
      phone,
      city: z.string().trim().max(100),
      organization: z.string().trim().max(200),
    }),
    result: profile,
    auth: 'required',
  }),
  /**
   * Changes the sign-in address (ADR 214), with the current password. An unconfirmed address is replaced at once and
   * the new one gets the confirmation letter (`replaced`); a confirmed one stays until the link mailed to the new
   * one is used, and gets a notice (`pending`). A taken address is `email_taken` (409), as registration says it.
   */
  changeEmail: call({
    method: 'PUT',
    path: '/rest/v2/users/profile/email/',
    query: noQuery,
    body: z.object({ email, currentPassword: z.string().min(1).max(128), portalOrigin }),
    result: z.object({ state: z.enum(['replaced', 'pending']) }),
    auth: 'required',
    extension: true,
  }),
  changePassword: call({
    method: 'PUT',
    path: '/rest/v2/users/profile/password/',
    query: noQuery,
    body: z.object({ currentPassword: z.string().min(1).max(128), newPassword: password }),
    // Every session of the user ends, the caller's too; the answer is the new session that replaces it.
    result: loginResult,
    auth: 'required',
  }),
  popup: call({
    method: 'PUT',
    path: '/rest/v2/users/profile/popup/',
    query: z.object({ popup: popupName, value: z.enum(['Y', 'N']) }),
    body: noBody,
    result: emptyResult,
    auth: 'required',
  }),
} as const;
