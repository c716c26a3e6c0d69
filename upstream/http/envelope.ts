import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '#contract';

/**
 * Every answer under /rest (and every error anywhere) uses the contract's envelope. Handlers throw ApiFailure
 * for expected failures; the app's error handler turns it into an envelope with the given status.
 */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errors: ApiError[],
  ) {
    super(errors.map((e) => e.code).join(', '));
  }
}

export function fail(status: ContentfulStatusCode, code: string, message: string, field?: string): ApiFailure {
  return new ApiFailure(status, [field === undefined ? { code, message } : { code, message, field }]);
}

export function succeed(c: Context, result: unknown): Response {
  return c.json({ success: true, result, errors: [] });
}

export function failure(c: Context, status: ContentfulStatusCode, errors: ApiError[]): Response {
  return c.json({ success: false, result: null, errors }, status);
}

// 401 is reserved for token problems: the portal treats it as "session expired" and tries a refresh.
export const unauthorized = () => fail(401, 'unauthorized', 'Требуется авторизация');
export const notFound = () => fail(404, 'not_found', 'Не найдено');
export const internalError = () => fail(500, 'internal_error', 'Внутренняя ошибка сервера');
