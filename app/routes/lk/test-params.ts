import type { LoaderFunctionArgs } from '@remix-run/node';
import { readId } from '~/server/route-params';

/**
 * The test id and a second number of a testing path (`/lk/testing/{id}/questions/{n}`,
 * `/lk/testing/{id}/attempts/{attempt}`), read like every id, before anything else.
 */
export function requireTestingPath(params: LoaderFunctionArgs['params'], request: Request, name: 'n' | 'attempt') {
  return { testId: readId(params, request), value: readId(params, request, name) };
}
