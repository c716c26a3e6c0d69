import type { SubmissionResult } from '@conform-to/react';
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../log.server';
import { UpstreamError } from '../rest/errors.server';
import { submitSignedInForm, upstreamErrors } from './forms.server';
import { createMemoryState } from '../state/memory-state.server';
import { createAuthLimits } from './rate-limit.server';
import { FIXTURE_LIMITS_KEY } from '../state/state-fixture';

describe('upstreamErrors', () => {
  it('puts field errors next to their (renamed) fields and the rest above the form', () => {
    const error = new UpstreamError('rejected', 'login', 400, [
      { code: 'invalid_credentials', message: 'Неверный пароль', field: 'password' },
      { code: 'x', message: 'Неверный логин', field: 'login' },
      { code: 'y', message: 'Общая ошибка' },
    ]);
    expect(upstreamErrors(error, { login: 'email' })).toEqual({
      fieldErrors: { password: ['Неверный пароль'], email: ['Неверный логин'] },
      formErrors: ['Общая ошибка'],
    });
  });

  it('turns an upstream that failed or did not answer into a form-level message', () => {
    expect(upstreamErrors(new UpstreamError('unavailable', 'login', null)).formErrors).toEqual([
      'Сервер не ответил. Проверьте подключение к интернету и отправьте форму ещё раз.',
    ]);
    expect(upstreamErrors(new UpstreamError('status', 'login', 503)).formErrors).toEqual([
      'Не удалось выполнить запрос (ошибка 503). Попробуйте ещё раз.',
    ]);
  });

  it('rethrows anything that is not an upstream failure', () => {
    const redirect = new Response(null, { status: 302 });
    expect(() => upstreamErrors(redirect)).toThrow(Response);
  });
});

describe('submitSignedInForm', () => {
  const schema = z.object({
    currentPassword: z.string({ required_error: 'Введите текущий пароль' }),
    city: z.string({ required_error: 'Укажите город' }),
  });

  function setup(user: { id: number } | null = { id: 7 }) {
    const context = {
      session: { user: async () => user },
      limits: createAuthLimits(
        { rateLimits: { perAddress: 100, perLogin: 2, registrationsPerAddress: 500, key: FIXTURE_LIMITS_KEY } },
        createMemoryState({ keepMs: 60_000 }),
      ),
      clientAddress: '203.0.113.5',
      log: createLogger({ logLevel: 'silent' }),
    } as unknown as AppLoadContext;
    const submit = vi.fn(async () => {});
    const post = (fields: Record<string, string>) =>
      submitSignedInForm(
        new Request('https://portal.example/profile/security', { method: 'POST', body: new URLSearchParams(fields) }),
        context,
        { schema, submit, redirectTo: '/profile/security?saved=1', limit: 'password-change' },
      );
    return { submit, post };
  }

  /** The reply a rejected submission hands the page: status, errors and the values sent back. */
  function replyOf(result: unknown) {
    const { data, init } = result as { data: SubmissionResult; init: ResponseInit };
    return { status: init.status, headers: new Headers(init.headers), error: data.error, values: data.initialValue };
  }

  it('sends a guest to sign in, nothing submitted', async () => {
    const { submit, post } = setup(null);
    const thrown = await post({ city: 'Тула' }).then(
      () => null,
      (response: Response) => response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile%2Fsecurity');
    expect(submit).not.toHaveBeenCalled();
  });

  it('a field the schema refuses → 400 at that field, nothing submitted, no secret echoed', async () => {
    const { submit, post } = setup();
    const reply = replyOf(await post({ currentPassword: 'typed-secret' }));
    expect(reply.status).toBe(400);
    expect(reply.error).toEqual({ city: ['Укажите город'] });
    expect(reply.values).toEqual({});
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts the upstream’s refusal at its field and keeps what was typed', async () => {
    const { submit, post } = setup();
    submit.mockRejectedValueOnce(
      new UpstreamError('rejected', 'changePassword', 400, [
        { code: 'invalid_password', message: 'Неверный текущий пароль', field: 'currentPassword' },
      ]),
    );
    const reply = replyOf(await post({ currentPassword: 'wrong', city: 'Тула' }));
    expect(reply.status).toBe(400);
    expect(reply.error).toEqual({ currentPassword: ['Неверный текущий пароль'] });
    expect(reply.values).toEqual({ city: 'Тула' });
  });

  it('a success redirects (303) to where the page says it was saved', async () => {
    const { submit, post } = setup();
    const response = (await post({ currentPassword: 'right', city: 'Тула' })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile/security?saved=1');
    expect(submit).toHaveBeenCalledWith({ currentPassword: 'right', city: 'Тула' });
  });

  it('counts attempts per account: one too many is 429 before anything is submitted; a success forgives', async () => {
    const { submit, post } = setup();
    submit.mockRejectedValue(new UpstreamError('rejected', 'changePassword', 400, []));
    expect(replyOf(await post({ currentPassword: 'guess-1', city: 'Тула' })).status).toBe(400);
    submit.mockResolvedValueOnce(undefined);
    expect(((await post({ currentPassword: 'right', city: 'Тула' })) as Response).status).toBe(303);
    // Two attempts were spent; without the success forgiving them, the next one would already be refused.
    expect(replyOf(await post({ currentPassword: 'guess-2', city: 'Тула' })).status).toBe(400);
    expect(replyOf(await post({ currentPassword: 'guess-3', city: 'Тула' })).status).toBe(400);
    submit.mockClear();
    const reply = replyOf(await post({ currentPassword: 'guess-4', city: 'Тула' }));
    expect(reply.status).toBe(429);
    expect(reply.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(reply.error).toEqual({ '': [expect.stringMatching(/^Слишком много попыток/)] });
    expect(submit).not.toHaveBeenCalled();
  });
});
