import type { ErrorHandler, NotFoundHandler } from 'hono';
import type { Services, UpstreamEnv } from '../services';
import { ApiFailure, failure, internalError, notFound } from './envelope';
import { isContractPath } from './stats';

export function handleErrors(services: Services): ErrorHandler<UpstreamEnv> {
  return (error, c) => {
    if (error instanceof ApiFailure) return failure(c, error.status, error.errors);
    // The path only: query strings carry tokens. The error text is redacted too, in case it quotes input.
    services.logError(`upstream: ${c.req.method} ${c.req.path} failed: ${redact(describe(error))}`);
    const fallback = internalError();
    return failure(c, fallback.status, fallback.errors);
  };
}

export const handleNotFound: NotFoundHandler<UpstreamEnv> = (c) => {
  if (isContractPath(c.req.path)) {
    return failure(c, 405, [{ code: 'method_not_allowed', message: `Метод ${c.req.method} не поддерживается` }]);
  }
  const missing = notFound();
  return failure(c, missing.status, missing.errors);
};

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/** Anything shaped like a token or pass (long base64url runs) and any `token=`/`pass=`/`password` value. */
export function redact(text: string): string {
  return text
    .replace(/\b(token|pass|password|refreshToken|authToken)(["']?\s*[=:]\s*["']?)[^\s"'&,}]+/gi, '$1$2[redacted]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[redacted]');
}
