import type { Call } from './session-client.server';
import type { CallBody, CallQuery } from '#contract';

/** The popup names the contract knows, for route modules (which import bff values only from *.server files). */
export { popupName } from '#contract';

/** Profile calls of docs/product.md §7 (all need the session). */
export function profileCalls(call: Call) {
  return {
    get: () => call('profile'),
    update: (body: CallBody<'updateProfile'>) => call('updateProfile', { body }),
    changePassword: (body: CallBody<'changePassword'>) => call('changePassword', { body }),
    /** A new sign-in address: replaced at once while unconfirmed, else after the mailed link. */
    changeEmail: (body: CallBody<'changeEmail'>) => call('changeEmail', { body }),
    setPopup: (popup: CallQuery<'popup'>['popup'], seen: boolean) =>
      call('popup', { query: { popup, value: seen ? 'Y' : 'N' } }),
  };
}
