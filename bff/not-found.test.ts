import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { pageNotFound, resourceNotFound, resourceRoute } from './not-found.server';

const args = {} as LoaderFunctionArgs;

describe('the not-found answers (ADR 209)', () => {
  it('answers a resource route’s «not there» in plain text with the 404 page’s words, stored by no cache', async () => {
    const response = resourceNotFound();
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.text()).toBe('Ошибка 404. Запрашиваемая страница не существует.');
  });

  it('turns a thrown 404 page inside a resource route into that answer, and lets anything else through', async () => {
    const missing = await resourceRoute(async () => {
      throw pageNotFound('/lk/scenarios/0/files/1');
    })(args);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Ошибка 404. Запрашиваемая страница не существует.');

    const failure = new Error('boom');
    await expect(
      resourceRoute(async () => {
        throw failure;
      })(args),
    ).rejects.toBe(failure);
  });
});
