import { z } from 'zod';

/**
 * The /rest contract, shared by the BFF (which parses every response with it), the reference upstream (which
 * validates its inputs and outputs with it) and the MSW handlers in tests. Spec §7 gives paths and methods;
 * bodies and results are "not shown" there, so they are defined here, once.
 */

export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** The form field the error belongs to, when there is one. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const envelope = z.object({
  success: z.boolean(),
  result: z.unknown(),
  errors: z.array(apiError).default([]),
});
export type Envelope = z.infer<typeof envelope>;

export const VERSION_HEADER = 'X-Api-Version';

const email = z.string().trim().toLowerCase().email().max(254);
const password = z.string().min(8).max(128);
const name = z.string().trim().min(1).max(100);
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
export const emptyResult = z.object({}).passthrough();

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
  /** Popup flags remembered per user, e.g. { welcome: true } once the welcome notice was dismissed. */
  popups: z.record(z.string(), z.boolean()),
});
export type Profile = z.infer<typeof profile>;

export const popupName = z.enum(['welcome']);

/** One entry per call: method, path, and the schemas of its query, body and result. */
function call<Q extends z.ZodTypeAny, B extends z.ZodTypeAny, R extends z.ZodTypeAny>(def: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/rest/${string}`;
  query: Q;
  body: B;
  result: R;
  /**
   * How the session's auth token travels (as the `token` query parameter): `required` calls fail without a
   * session, `optional` ones send it when there is one (spec §7: "token sent as query when present").
   */
  auth: 'required' | 'optional' | 'none';
  /** not in spec §7: a call this project added in the same style */
  extension?: true;
}) {
  return def;
}

const noQuery = z.object({});
const noBody = z.undefined();

export const contract = {
  register: call({
    method: 'POST',
    path: '/rest/v2/users/authentication/register/',
    query: noQuery,
    body: z.object({ email, password, firstName: name, lastName: name, phone }),
    result: loginResult,
    auth: 'none',
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
    // The refresh token travels as `token`, like the auth token on other calls (spec §7).
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
    result: emptyResult,
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
      middleName: z.string().trim().max(100),
      phone,
      city: z.string().trim().max(100),
      organization: z.string().trim().max(200),
    }),
    result: profile,
    auth: 'required',
  }),
  changePassword: call({
    method: 'PUT',
    path: '/rest/v2/users/profile/password/',
    query: noQuery,
    body: z.object({ currentPassword: z.string().min(1).max(128), newPassword: password }),
    result: emptyResult,
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
  linkTransition: call({
    method: 'POST',
    path: '/rest/analytics/links/transition/',
    query: z.object({ code: z.string().regex(/^[\w-]{1,64}$/) }),
    body: noBody,
    result: emptyResult,
    auth: 'optional',
  }),
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallQuery<N extends CallName> = z.input<Contract[N]['query']>;
export type CallBody<N extends CallName> = z.input<Contract[N]['body']>;
export type CallResult<N extends CallName> = z.output<Contract[N]['result']>;
