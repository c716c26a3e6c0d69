import type { LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound } from '#bff/not-found.server';

/** The largest id the contract accepts: the provider's ids are signed 32-bit integers. */
const MAX_ID = 2_147_483_647;

/** The numeric path parameters of the route table (`app/routes.ts`): ids, a question's number, an attempt. */
const NUMERIC_PARAMS = ['id', 'n', 'attempt'] as const;
type NumericParam = (typeof NUMERIC_PARAMS)[number];

/** Digits without a leading zero; the length bound keeps `Number` exact before the range check. */
const ID = /^[1-9]\d{0,9}$/;

/**
 * The one id reader of every route: the parameter as an integer 1…2³¹−1, or the 404 page. `0`, a
 * leading zero, a sign, an exponent, other digits than ASCII, or a number the contract would refuse name no
 * screen, for every visitor: call this before `requireUser`, and nothing malformed reaches the contract.
 */
export function readId(params: LoaderFunctionArgs['params'], request: Request, name: NumericParam = 'id'): number {
  const value = params[name];
  if (value === undefined || !ID.test(value) || Number(value) > MAX_ID) {
    throw pageNotFound(new URL(request.url).pathname);
  }
  return Number(value);
}

/**
 * Checks every numeric parameter the matched route has: for layouts, whose own answer (the sign-in redirect)
 * would otherwise win over the 404 of a malformed id.
 */
export function checkNumericParams(params: LoaderFunctionArgs['params'], request: Request): void {
  for (const name of NUMERIC_PARAMS) if (params[name] !== undefined) readId(params, request, name);
}
