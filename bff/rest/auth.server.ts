import type { Call } from './session-client.server';
import type { CallBody } from '#contract';

/** Authentication calls of docs/product.md §7. Results carry tokens: hand them to session.signIn and nowhere else. */
export function authCalls(call: Call) {
  return {
    login: (body: CallBody<'login'>) => call('login', { body }),
    register: (body: CallBody<'register'>) => call('register', { body }),
    adminAuth: (body: CallBody<'adminAuth'>) => call('adminAuth', { body }),
    exchangePass: (pass: string) => call('pass', { body: { pass } }),
    logout: () => call('logout', { query: { debug: 'Y' } }),
    sendRecoveryCode: (body: CallBody<'restoreSend'>) => call('restoreSend', { body }),
    confirmRecovery: (body: CallBody<'restoreConfirm'>) => call('restoreConfirm', { body }),
    /** Confirms an address by the token of its mailed link; only the page's POST calls it. */
    confirmEmail: (token: string, portalOrigin: string) => call('confirmEmail', { body: { token, portalOrigin } }),
    /** Mails the signed-in user a new confirmation link pointing at `portalOrigin`. */
    resendConfirmation: (portalOrigin: string) => call('resendConfirmation', { body: { portalOrigin } }),
  };
}
