import { http, HttpResponse, passthrough } from 'msw';
import { contract, type CallName, type CallResult, type Profile } from '#contract';

/** MSW handlers speaking the shared contract (contract/), for an upstream that exists only in the test process. */

export const MOCK_UPSTREAM = 'http://upstream.test';

export function urlOf(call: CallName): string {
  return `${MOCK_UPSTREAM}${contract[call].path}`;
}

export function ok<N extends CallName>(_call: N, result: CallResult<N>) {
  return HttpResponse.json({ success: true, result, errors: [] });
}

export function failure(status: number, message = 'Сбой') {
  return HttpResponse.json({ success: false, result: null, errors: [{ code: 'fault', message }] }, { status });
}

export const mockUser: Profile = {
  id: 7,
  email: 'mock.user@example.org',
  firstName: 'Мария',
  lastName: 'Петрова',
  middleName: '',
  phone: '79000000007',
  city: 'Казань',
  organization: 'Школа № 7',
  role: 'teacher',
  emailConfirmed: true,
  pendingEmail: null,
  popups: {},
};

/** Every token the mock has handed out: each sign-in gets its own pair, so tests never share a session. */
const issued = { auth: new Set<string>(), refresh: new Set<string>() };
let serial = 0;

export function issueTokens() {
  serial += 1;
  const token = { authToken: `mock-auth-${serial}`, refreshToken: `mock-refresh-${serial}` };
  issued.auth.add(token.authToken);
  issued.refresh.add(token.refreshToken);
  return token;
}

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/**
 * A working upstream for one user: login, refresh, profile (only for tokens it issued) and logout. Tests put
 * faults in front of these with server.use().
 */
export const workingUpstream = [
  // The portal itself, and closed ports that stand for an unreachable upstream, are real sockets.
  http.all(/^http:\/\/(localhost|127\.0\.0\.1):\d+\//, () => passthrough()),
  http.post(urlOf('login'), () => ok('login', { id: mockUser.id, token: issueTokens() })),
  http.post(urlOf('refresh'), ({ request }) => {
    if (!issued.refresh.has(tokenOf(request))) return failure(401);
    const authToken = `${tokenOf(request)}-renewed-${++serial}`.replace('refresh', 'auth');
    issued.auth.add(authToken);
    return ok('refresh', { id: mockUser.id, token: { authToken } });
  }),
  http.get(urlOf('profile'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('profile', mockUser) : failure(401),
  ),
  http.post(urlOf('logout'), () => ok('logout', {})),
  // The home pages' reads, empty: the mock user has no banners, program, certificate, question
  // or master classes.
  http.get(urlOf('bannersList'), () => ok('bannersList', { items: [] })),
  http.get(urlOf('weekList'), () => ok('weekList', { days: [] })),
  http.get(urlOf('weekParticipation'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('weekParticipation', { participating: false, links: [] }) : failure(401),
  ),
  http.get(urlOf('certificate'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('certificate', { certificate: null }) : failure(401),
  ),
  http.get(urlOf('webinarsList'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('webinarsList', { upcoming: [], past: [] }) : failure(401),
  ),
  // The cabinet layout's new-answer counts: nothing new.
  http.get(urlOf('unseenReplies'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('unseenReplies', { authorQuestions: 0, support: 0 }) : failure(401),
  ),
  // The dictation's reads, empty: no events, and the mock user has no dictations.
  http.get(urlOf('dictationEvents'), () => ok('dictationEvents', { events: [] })),
  http.get(urlOf('myDictations'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('myDictations', { dictations: [] }) : failure(401),
  ),
  // Testing: the mock user has no tests to take.
  http.get(urlOf('testsList'), ({ request }) =>
    issued.auth.has(tokenOf(request)) ? ok('testsList', { tests: [] }) : failure(401),
  ),
  // The law week, empty: nothing is published yet.
  http.get(urlOf('lawWeekProgram'), () => ok('lawWeekProgram', { days: [] })),
  http.get(urlOf('lawWeekThemes'), () => ok('lawWeekThemes', { themes: [] })),
  // Author questions: one topic, no questions yet.
  http.get(urlOf('authorQuestionsList'), ({ request }) =>
    issued.auth.has(tokenOf(request))
      ? ok('authorQuestionsList', { topics: [{ slug: 'scenarios', title: 'Сценарии уроков' }], questions: [] })
      : failure(401),
  ),
  // Support: one topic, no requests yet.
  http.get(urlOf('supportList'), ({ request }) =>
    issued.auth.has(tokenOf(request))
      ? ok('supportList', { topics: [{ slug: 'other', title: 'Другое' }], requests: [] })
      : failure(401),
  ),
];
