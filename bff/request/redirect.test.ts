import { describe, expect, it } from 'vitest';
import { loginUrlFor, ownPath, safeRedirect } from './redirect.server';

describe('safeRedirect', () => {
  it.each(['/lk', '/lk/scenarios/5?tab=1', '/profile/security#x', '/'])('keeps %s', (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/lk\nSet-Cookie: x',
    '/lk%0d%0aLocation: x',
    '/\t/evil.example',
    'lk',
    '',
    undefined,
    42,
    '/lk/\ud800',
  ])('rejects %j', (target) => {
    expect(safeRedirect(target, '/fallback')).toBe('/fallback');
  });

  it('percent-encodes what a Location header cannot carry, and leaves escapes as they are', () => {
    expect(safeRedirect('/lk/ж?q=ёж#я')).toBe('/lk/%D0%B6?q=%D1%91%D0%B6#%D1%8F');
    expect(safeRedirect('/lk/%D0%B6 x')).toBe('/lk/%D0%B6%20x');
    expect(() => new Headers({ Location: safeRedirect('/lk/ж') })).not.toThrow();
  });
});

describe('loginUrlFor', () => {
  it('carries the path and query back', () => {
    expect(loginUrlFor(new URL('http://x/lk/scenarios/5?a=1'))).toBe('/login?redirectTo=%2Flk%2Fscenarios%2F5%3Fa%3D1');
    expect(loginUrlFor(new URL('http://x/'))).toBe('/login');
  });
});

describe('ownPath', () => {
  it('keeps an ordinary path and query', () => {
    expect(ownPath(new URL('http://x/lk/scenarios?page=2'))).toBe('/lk/scenarios?page=2');
    expect(ownPath(new URL('http://x/'))).toBe('/');
  });

  it('never turns a request for //host into a redirect to that host', () => {
    expect(ownPath(new URL('http://x//evil.example?utm=1'), new URLSearchParams())).toBe('/evil.example');
    expect(ownPath(new URL('http://x/\\evil.example'))).toBe('/evil.example');
    expect(ownPath(new URL('http://x////evil.example/a//b'))).toBe('/evil.example/a//b');
  });
});
