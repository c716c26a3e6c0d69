import { http, HttpResponse, passthrough } from 'msw';
import { contract, type CallName, type CallResult, type Profile } from '../../bff/rest/contract';

/** MSW handlers speaking bff/rest/contract.ts, for an upstream that exists only in the test process. */

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
  popups: {},
};

export const mockTokens = { authToken: 'mock-auth-token-7', refreshToken: 'mock-refresh-token-7' };

/**
 * A working upstream for one user: login, refresh, profile (only for a token it issued) and logout. Tests put
 * faults in front of these with server.use().
 */
export const workingUpstream = [
  // The portal itself, and closed ports that stand for an unreachable upstream, are real sockets.
  http.all(/^http:\/\/(localhost|127\.0\.0\.1):\d+\//, () => passthrough()),
  http.post(urlOf('login'), () => ok('login', { id: mockUser.id, token: mockTokens })),
  http.post(urlOf('refresh'), ({ request }) =>
    new URL(request.url).searchParams.get('token') === mockTokens.refreshToken
      ? ok('refresh', { id: mockUser.id, token: { authToken: mockTokens.authToken } })
      : failure(401),
  ),
  http.get(urlOf('profile'), ({ request }) =>
    new URL(request.url).searchParams.get('token') === mockTokens.authToken ? ok('profile', mockUser) : failure(401),
  ),
  http.post(urlOf('logout'), () => ok('logout', {})),
];
