import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { inlineHashes, isSharedPageRequest } from './shared-pages.server';

const names = { authCookie: '__Host-vptk', refreshCookie: '__Host-rvptk' };
const request = (originalUrl: string, cookie?: string, method = 'GET') =>
  ({ method, originalUrl, headers: cookie ? { cookie } : {} }) as unknown as Request;

describe('which requests may get a shared page (ADR 227)', () => {
  it('a GET or HEAD of a listed path as sent, without a session cookie', () => {
    for (const path of ['/', '/dictation', '/week', '/login', '/registration']) {
      expect(isSharedPageRequest(request(path), names), path).toBe(true);
    }
    expect(isSharedPageRequest(request('/login', undefined, 'HEAD'), names)).toBe(true);
    expect(isSharedPageRequest(request('/login', 'theme=dark; __Host-rvptkd=x'), names)).toBe(true);
  });

  it('never a query, another path, a form post or a request with either session cookie, readable or not', () => {
    for (const path of ['/login?', '/login?reason=pass', '/?re=auth', '/password', '/lk', '/login/', '/LOGIN']) {
      expect(isSharedPageRequest(request(path), names), path).toBe(false);
    }
    expect(isSharedPageRequest(request('/login', undefined, 'POST'), names)).toBe(false);
    expect(isSharedPageRequest(request('/', '__Host-vptk=x'), names)).toBe(false);
    expect(isSharedPageRequest(request('/', 'a=b; __Host-rvptk='), names)).toBe(false);
  });
});

it('hashes every inline script and style of a document, never a script loaded by src', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const html =
    '<style nonce="">a{}</style><script>x=1</script><script type="module" src="/assets/a.js"></script>' +
    '<script type="module">import "/assets/b.js";</script><script>x=1</script>';
  expect(inlineHashes(html)).toEqual({
    scripts: [sha('x=1'), sha('import "/assets/b.js";')],
    styles: [sha('a{}')],
  });
});
