/**
 * Every screen of the portal, for the checks that run on all of them (tests/e2e/a11y.spec.ts: axe, reflow at
 * 320 CSS px, 200 % text). A new screen adds its paths here — with an id when it has an item page, and with
 * a query when filters or pages change what it shows. /dictation2024 and /dictation2024-login are the same
 * screens as listed ones; /dictation/{code} needs a fresh invitation, so tests/e2e/dictation.spec.ts scans the writing page and
 * tests/e2e/dictation-journeys.spec.ts its rules before «Начать диктант» and `/dictation` with a user's
 * «Зарегистрироваться» form (the demo teacher is registered already);
 * /certificates/{code} needs a printed code, so tests/e2e/certificates.spec.ts scans it; /login/pass needs a pass
 * link opened first, so tests/e2e/auth.spec.ts scans it.
 */
export const ROUTES = {
  /** Signed out. */
  public: [
    '/',
    '/login',
    '/password',
    '/registration',
    '/dictation',
    '/admin-auth',
    '/week',
    '/certificates',
    // The check by number with both fields wrong: the messages at the fields.
    '/certificates?number=%21&lastName=',
    // The consent and the privacy policy the registration links.
    '/consent',
    '/privacy',
    // A mailed confirmation link's page: opening it changes nothing, any token shows the button.
    '/confirm-email/a-token-for-the-scan-only-0000000000000000',
    '/email-confirmed',
  ],
  /** Signed in as the demo teacher. */
  cabinet: [
    '/lk',
    '/lk/dictations',
    '/lk/dictations/1',
    '/lk/dictations/2',
    // Still to be written: «Добавить в календарь».
    '/lk/dictations/4',
    '/lk/master-classes',
    '/lk/master-classes/1',
    '/lk/master-classes/40',
    '/lk/scenarios',
    '/lk/scenarios/1',
    '/lk/law-week',
    '/lk/law-week/themes',
    '/lk/author-questions',
    '/lk/testing',
    '/lk/testing/1',
    '/lk/testing/5/questions/7',
    '/lk/testing/5/summary',
    '/lk/testing/3/attempts/1',
    '/lk/testing/10/attempts/2',
    '/lk/support',
    '/lk/week',
    '/lk/certificates',
    '/profile',
    '/profile/security',
    '/profile/email',
    // The address change.
    '/profile/email/change',
  ],
} as const;
