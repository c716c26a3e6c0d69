import { describe, expect, it } from 'vitest';
import { checkNumericParams, readId } from './route-params';

const request = (path: string) => new Request(`http://portal.test${path}`);

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('readId: the one id reader of every route (ADR 209)', () => {
  it.each([
    ['1', 1],
    ['5', 5],
    ['2147483647', 2_147_483_647],
  ])('reads %j as %d', (id, expected) => {
    expect(readId({ id }, request(`/lk/scenarios/${id}`))).toBe(expected);
  });

  it('reads the other numeric parameters by name', () => {
    expect(readId({ id: '3', n: '12' }, request('/lk/testing/3/questions/12'), 'n')).toBe(12);
    expect(readId({ id: '3', attempt: '7' }, request('/lk/testing/3/attempts/7'), 'attempt')).toBe(7);
  });

  it.each([
    '0',
    '00',
    '2147483648',
    '02147483648',
    '9999999999',
    '9'.repeat(300),
    '-1',
    '+1',
    '1e3',
    '1.5',
    '0x1f',
    '',
    ' 5',
    '5 ',
    '٣',
    '５',
    '5abc',
    'abc',
    '1\u0000',
  ])('answers the 404 page for %j', (id) => {
    const path = `/lk/scenarios/${encodeURIComponent(id)}`;
    const error = thrownBy(() => readId({ id }, request(`${path}?x=1`)));
    expect(error).toMatchObject({ data: { message: `Page not found: ${path}` }, init: { status: 404 } });
  });

  it.each([
    ['GET', '/lk/dictations/007', { id: '007' }, 301, '/lk/dictations/7'],
    ['HEAD', '/lk/master-classes/01?x=1', { id: '01' }, 301, '/lk/master-classes/1?x=1'],
    ['GET', '/lk/testing/03/questions/012', { id: '03', n: '012' }, 301, '/lk/testing/3/questions/12'],
    ['GET', '/lk/testing/01/questions/01', { id: '01', n: '01' }, 301, '/lk/testing/1/questions/1'],
    ['POST', '/lk/testing/04/questions/2', { id: '04', n: '2' }, 308, '/lk/testing/4/questions/2'],
  ])('sends %s %s, an id with leading zeros, to its one address', (method, path, params, status, location) => {
    const error = thrownBy(() => readId(params, new Request(`http://portal.test${path}`, { method })));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(status);
    expect((error as Response).headers.get('Location')).toBe(location);
  });

  it('answers the 404 page when the parameter is missing', () => {
    expect(thrownBy(() => readId({}, request('/lk/scenarios')))).toMatchObject({ init: { status: 404 } });
  });
});

describe('checkNumericParams', () => {
  it('passes a route without numeric parameters, and one whose parameters are all ids', () => {
    expect(() => checkNumericParams({}, request('/lk'))).not.toThrow();
    expect(() => checkNumericParams({ id: '4', n: '2' }, request('/lk/testing/4/questions/2'))).not.toThrow();
  });

  it.each([{ id: '0' }, { id: '4', n: '00' }, { id: '4', attempt: '9'.repeat(20) }])('404 for %j', (params) => {
    expect(thrownBy(() => checkNumericParams(params, request('/lk/x')))).toMatchObject({ init: { status: 404 } });
  });
});
