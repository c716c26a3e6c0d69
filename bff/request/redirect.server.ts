/**
 * Redirect targets that come from users (`redirectTo`, `backurl`) must stay on this site: a single leading
 * slash, no `//` or `\` anywhere, no control characters, no scheme. Anything else falls back. The target comes
 * back percent-encoded, because a `Location` header takes only Latin-1 (`/lk/ж` would otherwise throw after
 * the user was signed in).
 */
export function safeRedirect(target: unknown, fallback = '/lk'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith('/') || target.includes('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  let decoded: string;
  try {
    // Throws on a broken escape and on a lone surrogate, which no URL can carry.
    encodeURIComponent(target);
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (decoded.includes('//') || decoded.includes('\\') || /^\/[a-z][\w+.-]*:/i.test(decoded)) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  return encodeTarget(target);
}

/** Path, query and fragment with every character outside ASCII percent-encoded, and nothing else changed. */
function encodeTarget(target: string): string {
  return target.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
}

/**
 * A redirect back to the request's own path: leading slashes collapse into one, so a request for
 * `//evil.example` (or `/\\evil.example`, which URL parsing turns into the same) can never become a
 * protocol-relative redirect to another site.
 */
export function ownPath(url: URL, search: URLSearchParams = url.searchParams): string {
  const query = search.toString();
  return `/${url.pathname.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
}

/** The login URL that brings the user back to `url` afterwards; `reason` says why on the sign-in page. */
export function loginUrlFor(url: URL, reason?: string): string {
  const back = url.pathname + url.search;
  const query = new URLSearchParams(back === '/' ? {} : { redirectTo: back });
  if (reason) query.set('reason', reason);
  return query.size ? `/login?${query}` : '/login';
}
