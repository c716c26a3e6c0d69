import { describe, expect, it } from 'vitest';
import { createTestUpstream } from '../testing';

async function withFaults() {
  const up = await createTestUpstream({ faults: true });
  const addRule = async (rule: unknown) =>
    up.app.request('/__faults__', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(rule),
    });
  return { up, addRule };
}

const transition = { query: { code: 'auth' } };

describe('fault injection', () => {
  it('does not exist unless switched on', async () => {
    const up = await createTestUpstream();
    expect((await up.app.request('/__faults__', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await up.app.request('/__faults__', { method: 'DELETE' })).status).toBe(404);
  });

  it('answers with the given status for the given number of times', async () => {
    const { up, addRule } = await withFaults();
    expect(await (await addRule({ path: '/rest/analytics/', status: 503, times: 2 })).json()).toEqual({ rules: 1 });
    expect((await up.call('linkTransition', transition)).status).toBe(503);
    expect((await up.call('linkTransition', transition)).envelope.errors[0]?.code).toBe('injected_fault');
    expect((await up.call('linkTransition', transition)).status).toBe(200);
  });

  it('matches by path prefix and keeps rules until cleared', async () => {
    const { up, addRule } = await withFaults();
    await addRule({ path: '/rest/users/authentication/refresh/', status: 401 });
    expect((await up.call('linkTransition', transition)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await up.call('refresh', { query: { token: 'x', type: 'prolong' } })).status).toBe(401);
    }
    await up.app.request('/__faults__', { method: 'DELETE' });
    expect((await up.call('refresh', { query: { token: 'x', type: 'prolong' } })).envelope.errors[0]?.code).toBe(
      'unauthorized',
    );
  });

  it('can answer 200 with a body that is not JSON', async () => {
    const { up, addRule } = await withFaults();
    await addRule({ malformed: true, times: 1 });
    const response = await up.app.request('/rest/v2/users/profile/', { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    await expect(response.clone().json()).rejects.toThrow(SyntaxError);
  });

  it('delays answers by latencyMs', async () => {
    const { up, addRule } = await withFaults();
    await addRule({ latencyMs: 50, times: 1 });
    const started = performance.now();
    expect((await up.call('linkTransition', transition)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('refuses rules it does not understand', async () => {
    const { addRule } = await withFaults();
    expect((await addRule({ status: 99 })).status).toBe(400);
    expect((await addRule({ explode: true })).status).toBe(400);
  });
});
