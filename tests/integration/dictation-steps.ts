import { expect } from 'vitest';
import { Client, confirmationToken, DEMO_USERS, type Portal, type ReferenceUpstream } from './harness';

/**
 * The steps the dictation's tests take again and again, against the servers of the calling file
 * (`useServers()`; read them inside tests only, once `beforeAll` has started them).
 */
export function dictationSteps(servers: { upstream: ReferenceUpstream; portal: Portal }) {
  return {
    /** An invitation of today's event, as the organisers would mail it (the upstream's dev tool). */
    async invite(options: { email?: string; timeLimitSeconds?: number } = {}) {
      const response = await fetch(`${servers.upstream.url}/__dev__/dictation/invitations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(options),
      });
      const { invitations } = (await response.json()) as { invitations: { participationId: number; code: string }[] };
      return invitations[0]!;
    },

    async signedIn(user: { email: string; password: string } = DEMO_USERS.teacher) {
      const client = new Client(servers.portal.origin);
      await client.login(user.email, user.password);
      return client;
    },

    /** «Начать диктант» on the link's page: the explicit start of the time (a GET starts nothing). */
    async begin(client: Client, code: string) {
      const response = await client.request(`/dictation/${code}`, { form: { intent: 'start' } });
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe(`/dictation/${code}`);
    },

    /**
     * A new account through the registration form, sent on to `redirectTo`, its address confirmed by the mailed
     * link as its owner would; the browser it is signed in on.
     */
    async registered(
      newcomer: { firstName: string; email: string; phone: string; password: string },
      redirectTo: string,
    ) {
      const browser = servers.portal.client();
      const response = await browser.submit(`/registration?redirectTo=${encodeURIComponent(redirectTo)}`, {
        lastName: 'Орлова',
        firstName: newcomer.firstName,
        email: newcomer.email,
        phone: newcomer.phone,
        password: newcomer.password,
        passwordConfirm: newcomer.password,
        consent: 'on',
      });
      expect(response.headers.get('Location')).toBe(redirectTo);
      const link = confirmationToken(await servers.upstream.outbox(newcomer.email));
      const confirmed = await browser.submit(`/confirm-email/${link}`, {}, { action: '/confirm-email/' });
      expect(confirmed.status).toBe(303);
      return browser;
    },
  };
}
