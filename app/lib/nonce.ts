import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided by entry.server from the load context. In the browser it stays ''
 * (the default): browsers hide nonces from the DOM, so '' is also what hydration finds there.
 */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
