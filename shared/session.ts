/**
 * The message of the 503 the portal throws when its shared state cannot say whether a session stands (ADR 228):
 * the server throws it (bff/session) and the error page (app/, in the browser too) explains it, unlike an
 * upstream's 503, which shows the catalogue's empty page (docs/product.md §2).
 */
export const SESSION_UNCHECKED = 'session-unchecked';
