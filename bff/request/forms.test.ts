import type { SubmissionResult } from '@conform-to/react';
import type { AppLoadContext } from '@remix-run/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../log.server';
import { UpstreamError } from '../rest/errors.server';
import { handleForm, upstreamErrors } from './forms.server';
import { createMemoryState } from '../state/memory-state.server';
import { createAuthLimits } from './rate-limit.server';
import { FIXTURE_LIMITS_KEY } from '../../tests/state-fixture';
import { passesHoneypot } from './honeypot.server';

// The honeypot has tests of its own; here it only says yes or no.
vi.mock('./honeypot.server', () => ({ passesHoneypot: vi.fn(() => true) }));

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
      'Сервис не ответил: это сбой на нашей стороне, а не в вашем подключении. Введённое осталось в форме — отправьте её ещё раз через минуту.',
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

describe('handleForm, signed in', () => {
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
      handleForm(
        new Request('https://portal.example/profile/security', { method: 'POST', body: new URLSearchParams(fields) }),
        context,
        { guard: 'signed-in', schema, submit, redirectTo: '/profile/security?saved=1', limit: 'password-change' },
      );
    return { submit, post };
  }

  /** The reply a rejected submission hands the page: status, errors and the values sent back. */
  function replyOf(result: unknown) {
    const { data, init } = result as { data: { result: SubmissionResult }; init: ResponseInit };
    const { error, initialValue } = data.result;
    return { status: init.status, headers: new Headers(init.headers), error, values: initialValue };
  }

  it('sends a guest to sign in, nothing submitted', async () => {
    const { submit, post } = setup(null);
    const thrown = await post({ city: 'Тула' }).then(
      () => null,
      (response: Response) => response,
    );
    expect(thrown?.status).toBe(302);
    // The sign-in page says why: the session ended while the page was open.
    expect(thrown?.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile%2Fsecurity&reason=session-ended');
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
    expect(submit).toHaveBeenCalledWith({ currentPassword: 'right', city: 'Тула' }, expect.anything());
  });

  it('a success redirects whatever the call returned: the upstream’s answer never goes to the browser', async () => {
    const { submit, post } = setup();
    submit.mockResolvedValueOnce({ id: 7, firstName: 'Анна' } as never);
    const response = (await post({ currentPassword: 'right', city: 'Тула' })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile/security?saved=1');
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

/** A context for the public guard: limits in memory, the session's device and login links recorded. */
function publicContext() {
  return {
    session: {
      user: async () => null,
      deviceFor: vi.fn(async () => null),
      trustDevice: vi.fn(async () => {}),
      linkLogin: vi.fn(async () => {}),
      browser: vi.fn(async () => ({ id: 'a-new-browser-id', kept: false })),
      keepBrowser: vi.fn(async () => {}),
    },
    limits: createAuthLimits(
      { rateLimits: { perAddress: 100, perLogin: 2, registrationsPerAddress: 500, key: FIXTURE_LIMITS_KEY } },
      createMemoryState({ keepMs: 60_000 }),
    ),
    clientAddress: '203.0.113.9',
    log: createLogger({ logLevel: 'silent' }),
  } as unknown as AppLoadContext & {
    session: Record<'deviceFor' | 'trustDevice' | 'linkLogin' | 'keepBrowser', ReturnType<typeof vi.fn>>;
  };
}

function postTo(path: string, fields: Record<string, string>) {
  return new Request(`https://portal.example${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}

/** What a refused submission answers: its status and the one reply shape. */
function replyOf(result: unknown) {
  const { data, init } = result as { data: { intent: string | null; result: SubmissionResult }; init: ResponseInit };
  return { status: init.status, intent: data.intent, error: data.result.error, values: data.result.initialValue };
}

describe('handleForm, public', () => {
  const schema = z.object({
    email: z.string({ required_error: 'Введите адрес' }),
    password: z.string({ required_error: 'Введите пароль' }),
  });
  beforeEach(() => vi.mocked(passesHoneypot).mockReturnValue(true));

  it('reads the form itself: a body that is not a form is refused before anything else', async () => {
    const context = publicContext();
    const submit = vi.fn(async () => new Response(null, { status: 204 }));
    const request = new Request('https://portal.example/login', { method: 'POST', body: '{}' });
    const thrown = await handleForm(request, context, { guard: 'public', schema, limit: 'login', submit }).catch(
      (response: Response) => response,
    );
    expect((thrown as Response).status).toBe(415);
    expect(submit).not.toHaveBeenCalled();
  });

  it('a tripped honeypot → 400 with the form-level message, the password not echoed, nothing submitted', async () => {
    vi.mocked(passesHoneypot).mockReturnValue(false);
    const submit = vi.fn(async () => new Response(null, { status: 204 }));
    const reply = replyOf(
      await handleForm(postTo('/login', { email: 'a@b.ru', password: 'secret' }), publicContext(), {
        guard: 'public',
        schema,
        limit: 'login',
        submit,
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.error).toEqual({ '': ['Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.'] });
    expect(reply.values).toEqual({ email: 'a@b.ru' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('counts failures per e-mail: the third is 429; a success links the login and, when told, forgives', async () => {
    const context = publicContext();
    const submit = vi.fn(async () => {
      throw new UpstreamError('rejected', 'login', 400, [{ code: 'x', message: 'Неверный пароль', field: 'password' }]);
    });
    const options = { guard: 'public' as const, schema, limit: 'login' as const, submit };
    const post = () => handleForm(postTo('/login', { email: 'a@b.ru', password: 'guess' }), context, options);
    expect(replyOf(await post())).toMatchObject({ status: 400, error: { password: ['Неверный пароль'] } });
    // The failure gives the browser the id it was counted by.
    expect(context.session.keepBrowser).toHaveBeenCalledWith('a-new-browser-id');
    expect(replyOf(await post()).status).toBe(400);
    submit.mockClear();
    expect(replyOf(await post()).status).toBe(429);
    expect(submit).not.toHaveBeenCalled();

    const other = publicContext();
    const ok = vi.fn(async () => new Response(null, { status: 303 }));
    const response = await handleForm(postTo('/login', { email: 'c@d.ru', password: 'right' }), other, {
      ...options,
      submit: ok,
      forgive: true,
    });
    expect((response as Response).status).toBe(303);
    expect(other.session.linkLogin).toHaveBeenCalledWith('c@d.ru');
    expect(other.session.trustDevice).toHaveBeenCalledWith('c@d.ru');
  });

  it('a success stands when the limits cannot record it (the shared state went away after the upstream said yes)', async () => {
    const context = publicContext();
    const away = new Error('Connection is closed.');
    vi.spyOn(context.limits, 'forgive').mockRejectedValue(away);
    vi.spyOn(context.limits, 'attempt').mockResolvedValue({ wait: null, settle: () => Promise.reject(away) });
    const ok = vi.fn(async () => new Response(null, { status: 303 }));
    const response = await handleForm(postTo('/login', { email: 'e@f.ru', password: 'right' }), context, {
      guard: 'public',
      schema,
      limit: 'login',
      submit: ok,
      forgive: true,
    });
    expect((response as Response).status).toBe(303);
    // What follows the limits' record is still done: the device trusted, the login linked for a later recovery.
    expect(context.session.trustDevice).toHaveBeenCalledWith('e@f.ru');
    expect(context.session.linkLogin).toHaveBeenCalledWith('e@f.ru');
  });

  it('without a limit: no honeypot, no counting, and `check` answers before the form is parsed', async () => {
    vi.mocked(passesHoneypot).mockReturnValue(false);
    const submit = vi.fn(async () => new Response(null, { status: 204 }));
    const answer = await handleForm(postTo('/x', {}), publicContext(), {
      guard: 'public',
      schema,
      check: () => new Response(null, { status: 404 }),
      submit,
    });
    expect((answer as Response).status).toBe(404);
    const sent = await handleForm(postTo('/x', { email: 'a@b.ru', password: 'p' }), publicContext(), {
      guard: 'public',
      schema,
      submit,
    });
    expect((sent as Response).status).toBe(204);
  });

  it('a resource route answers a refused body its own way', async () => {
    const answer = await handleForm(postTo('/x', { email: 'a@b.ru' }), publicContext(), {
      guard: 'public',
      schema,
      invalid: (errors) => Response.json(errors, { status: 400 }),
      submit: vi.fn(),
    });
    expect(await (answer as Response).json()).toEqual({ password: ['Введите пароль'] });
  });
});

describe('handleForm, several forms on one route', () => {
  const forms = {
    'day-link': z.object({ link: z.string({ required_error: 'Вставьте ссылку' }) }),
    question: z.object({ text: z.string({ required_error: 'Напишите вопрос' }) }),
  };
  const context = publicContext();
  /** The week's two forms, posted with `fields`, answered by `submit` (and what else the options say). */
  const post = (
    fields: Record<string, string>,
    options: Omit<Parameters<typeof handleForm<typeof forms>>[2], 'guard' | 'schema'>,
  ) => handleForm(postTo('/lk/week', fields), context, { guard: 'public', schema: forms, ...options });

  it('parses the form its intent names and hands `submit` a value tagged with it', async () => {
    const submit = vi.fn(async () => undefined);
    const response = await handleForm(postTo('/lk/week', { intent: 'question', text: 'Когда итоги?' }), context, {
      guard: 'public',
      schema: forms,
      defaultIntent: 'day-link',
      submit,
      redirectTo: '/lk/week#tender',
    });
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get('Location')).toBe('/lk/week#tender');
    expect(submit).toHaveBeenCalledWith({ intent: 'question', text: 'Когда итоги?' }, expect.anything());
  });

  it('a missing or unknown intent is the default form; the reply names the form it belongs to', async () => {
    for (const fields of [{ text: 'x' }, { intent: 'other', text: 'x' }] as Record<string, string>[]) {
      const reply = replyOf(await post(fields, { defaultIntent: 'day-link', submit: vi.fn() }));
      expect(reply).toMatchObject({ status: 400, intent: 'day-link', error: { link: ['Вставьте ссылку'] } });
    }
  });

  it('the upstream’s refusal is the same reply shape, at its field, with the status the form names', async () => {
    const reply = replyOf(
      await post(
        { intent: 'question', text: 'x' },
        {
          submit: async () => {
            throw new UpstreamError('rejected', 'login', 409, [
              { code: 'closed', message: 'Приём закрыт', field: 'text' },
            ]);
          },
          errorStatus: (error) => error.status ?? 400,
        },
      ),
    );
    expect(reply).toMatchObject({ status: 409, intent: 'question', error: { text: ['Приём закрыт'] } });
  });

  it('`reject` from `submit` answers the same shape with the status given', async () => {
    const reply = replyOf(
      await post(
        { intent: 'question', text: 'x' },
        { submit: async (_value, { reject }) => reject({ formErrors: ['Не сохранено'] }, { status: 502 }) },
      ),
    );
    expect(reply).toMatchObject({ status: 502, intent: 'question', error: { '': ['Не сохранено'] } });
  });
});
