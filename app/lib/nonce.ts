import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided by entry.server from the load context. In the browser it stays ''
 * (the default): browsers hide nonces from the DOM, so '' is also what hydration finds there.
 */
export const NonceContext = createContext('');

/** The nonce, or undefined where there is none (a shared page, the browser): no empty `nonce=""` is written. */
export const useNonce = () => useContext(NonceContext) || undefined;
