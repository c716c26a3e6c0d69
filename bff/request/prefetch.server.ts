/**
 * A speculative load: `<link rel=prefetch>`, speculation rules, or an older browser's prefetch. It is no visit,
 * so nothing a visit records may happen for it.
 */
export function isPrefetch(request: Request): boolean {
  const { headers } = request;
  // `Sec-Purpose` is a structured list whose first token is the purpose (`prefetch`, `prefetch;prerender`).
  if (/^\s*prefetch\b/i.test(headers.get('Sec-Purpose') ?? '')) return true;
  return /\bprefetch\b/i.test(`${headers.get('Purpose') ?? ''} ${headers.get('X-Moz') ?? ''}`);
}

/**
 * The answer to a prefetch of a link that records something when followed: declined, and never stored. A
 * browser uses only a 2xx prefetch for the navigation, so the real click comes back to the server and is counted
 * then; 503 is what the speculation-rules guidance names for a refused prefetch.
 */
export function declinePrefetch(): Response {
  return new Response(null, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '0' } });
}
