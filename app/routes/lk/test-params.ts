import type { LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound, requireDigitsId } from '~/route-params';

/**
 * The test id and a second number of a testing path (`/lk/testing/{id}/questions/{n}`,
 * `/lk/testing/{id}/attempts/{attempt}`): digits only, checked before anything else, like every cabinet id.
 */
export function requireTestingPath(params: LoaderFunctionArgs['params'], request: Request, name: 'n' | 'attempt') {
  const testId = Number(requireDigitsId(params, request));
  const value = params[name] ?? '';
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) throw pageNotFound(new URL(request.url).pathname);
  return { testId, value: Number(value) };
}
