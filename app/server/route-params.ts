import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '#bff/not-found.server';

/** The largest id the contract accepts: the provider's ids are signed 32-bit integers. */
const MAX_ID = 2_147_483_647;

/** The numeric path parameters of the route table (`app/routes.ts`): ids, a question's number, an attempt. */
const NUMERIC_PARAMS = ['id', 'n', 'attempt'] as const;
type NumericParam = (typeof NUMERIC_PARAMS)[number];

/** Digits without a leading zero; the length bound keeps `Number` exact before the range check. */
const ID = /^[1-9]\d{0,9}$/;
/** The zeros in front of an id written with them (`007`): the spec's ids are digits, and these are too. */
const LEADING_ZEROS = /^0{1,10}(?=[1-9]\d{0,9}$)/;

const isId = (value: string) => ID.test(value) && Number(value) <= MAX_ID;

/**
 * The one id reader of every route: the parameter as an integer 1…2³¹−1, or the 404 page. `0`, a sign, an
 * exponent, other digits than ASCII, or a number the contract would refuse name no screen, for every visitor:
 * call this before `requireUser`, and nothing malformed reaches the contract. An id written with leading zeros
 * (`/lk/dictations/007`) is that id: the visitor is sent to its one address (docs/product.md §5).
 */
export function readId(params: LoaderFunctionArgs['params'], request: Request, name: NumericParam = 'id'): number {
  const value = params[name];
  if (value !== undefined && isId(value.replace(LEADING_ZEROS, '')) && value !== value.replace(LEADING_ZEROS, '')) {
    throw toCanonicalAddress(params, request);
  }
  if (value === undefined || !isId(value)) throw pageNotFound(new URL(request.url).pathname);
  return Number(value);
}

/**
 * The same address with every numeric parameter's leading zeros dropped: 301 for a read, 308 for a form, so a
 * browser sends the same body again.
 */
function toCanonicalAddress(params: LoaderFunctionArgs['params'], request: Request): Response {
  const url = new URL(request.url);
  const written = new Set(NUMERIC_PARAMS.map((name) => params[name]));
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (written.has(segment) ? segment.replace(LEADING_ZEROS, '') : segment))
    .join('/');
  const read = request.method === 'GET' || request.method === 'HEAD';
  return redirect(`${url.pathname}${url.search}`, read ? 301 : 308);
}

/**
 * Checks every numeric parameter the matched route has: for layouts, whose own answer (the sign-in redirect)
 * would otherwise win over the 404 of a malformed id.
 */
export function checkNumericParams(params: LoaderFunctionArgs['params'], request: Request): void {
  for (const name of NUMERIC_PARAMS) if (params[name] !== undefined) readId(params, request, name);
}
