import { describe, expect, it } from 'vitest';
import { requireDigitsId } from './route-params';

const request = (path: string) => new Request(`http://portal.test${path}`);

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('requireDigitsId', () => {
  it('passes when the route has no id', () => {
    expect(requireDigitsId({}, request('/lk/scenarios'))).toBeUndefined();
  });

  it('returns a digits-only id', () => {
    expect(requireDigitsId({ id: '5' }, request('/lk/scenarios/5'))).toBe('5');
    expect(requireDigitsId({ id: '0042' }, request('/lk/testing/0042'))).toBe('0042');
  });

  it.each(['abc', '1e3', '-1', '1.5', '', ' 5', '5 ', '٣', '5abc'])('answers 404 for %j', (id) => {
    const path = `/lk/scenarios/${encodeURIComponent(id)}`;
    const error = thrownBy(() => requireDigitsId({ id }, request(`${path}?x=1`)));
    expect(error).toMatchObject({
      data: { message: `Page not found: ${path}` },
      init: { status: 404 },
    });
  });
});
