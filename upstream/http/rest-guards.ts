import type { Context, MiddlewareHandler } from 'hono';
import { VERSION_HEADER } from '#contract';
import type { Services, UpstreamEnv } from '../services';
import { fail } from './envelope';
import { callNameFor } from './stats';

const SUPPORTED_VERSIONS = new Set(['1']);

export function countCalls(services: Services): MiddlewareHandler<UpstreamEnv> {
  return async (c, next) => {
    const name = callNameFor(c.req.method, c.req.path);
    if (name) services.stats.count(name);
    await next();
  };
}

/**
 * The provider's API answers JSON only to clients that ask for it and only in versions it knows. Being as strict
 * here makes a BFF that forgets either header fail in tests instead of in production. Checked per call, after
 * routing, so an unknown path is a 404 whatever its headers.
 */
export function assertRestHeaders(c: Context<UpstreamEnv>): void {
  if (!acceptsJson(c.req.header('Accept'))) {
    throw fail(
      406,
      'not_acceptable',
      'Запрос должен принимать ответ в формате JSON (заголовок Accept: application/json)',
    );
  }
  const version = c.req.header(VERSION_HEADER) ?? '1';
  if (!SUPPORTED_VERSIONS.has(version)) {
    throw fail(400, 'unsupported_version', `Версия API не поддерживается (заголовок ${VERSION_HEADER})`);
  }
}

function acceptsJson(accept: string | undefined): boolean {
  return (accept ?? '')
    .split(',')
    .map((range) => range.split(';')[0]?.trim().toLowerCase())
    .some((type) => type === 'application/json');
}
