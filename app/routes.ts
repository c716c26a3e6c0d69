import { type RouteConfig, index, layout, route } from '@remix-run/route-config';
import { FLAT_PATHS } from './flat-paths';

/** The route table of docs/product.md §2, one line a route. Optional ids are checked for digits in the loaders. */
export default [
  layout('routes/default/layout.tsx', [
    index('routes/default/home.tsx'),
    route('dictation2024', 'routes/default/home.tsx', { id: 'dictation2024' }),
    route('login', 'routes/default/login.tsx'),
    route('dictation2024-login', 'routes/default/login.tsx', { id: 'dictation2024-login' }),
    route('password', 'routes/default/password.tsx'),
    route('registration', 'routes/default/registration.tsx'),
    route('dictation', 'routes/default/dictation.tsx'),
    route('dictation/:token', 'routes/default/dictation-writing.tsx'),
    route('admin-auth', 'routes/default/admin-auth.tsx'),
    route('week', 'routes/default/week.tsx'),
  ]),
  layout('routes/lk/layout.tsx', [
    route('lk', 'routes/lk/home.tsx'),
    route('lk/dictations', 'routes/lk/dictations.tsx'),
    route('lk/dictations/:id', 'routes/lk/dictation.tsx'),
    route('lk/master-classes', 'routes/lk/master-classes.tsx'),
    route('lk/master-classes/:id', 'routes/lk/master-class.tsx'),
    route('lk/scenarios', 'routes/lk/scenarios.tsx'),
    route('lk/scenarios/:id', 'routes/lk/scenario.tsx'),
    route('lk/law-week', 'routes/lk/law-week.tsx'),
    route('lk/law-week/themes', 'routes/lk/law-week-themes.tsx'),
    route('lk/author-questions', 'routes/lk/author-questions.tsx'),
    route('lk/testing', 'routes/lk/testing.tsx'),
    route('lk/testing/:id', 'routes/lk/test.tsx'),
    route('lk/testing/:id/questions/:n', 'routes/lk/test-question.tsx'),
    route('lk/testing/:id/attempts/:attempt', 'routes/lk/test-result.tsx'),
    route('lk/support', 'routes/lk/support.tsx'),
    route('lk/week', 'routes/lk/week.tsx'),
  ]),
  layout('routes/profile/layout.tsx', [
    route('profile', 'routes/profile/index.tsx'),
    route('profile/security', 'routes/profile/security.tsx'),
  ]),
  route('logout', 'routes/logout.ts'),
  route('popups', 'routes/popups.ts'),
  route('lk/scenarios/:id/files/:n', 'routes/lk/scenario-file.ts'),
  route('lk/law-week/materials/:id', 'routes/lk/law-week-material.ts'),
  route('lk/master-classes/:id/recording', 'routes/lk/master-class-recording.ts'),
  route('lk/master-classes/:id/progress', 'routes/lk/master-class-progress.ts'),
  route('go/:code', 'routes/go.ts'),
  route('banners/:id/image', 'routes/banner-image.ts'),
  route('lk/certificate.pdf', 'routes/lk/certificate.ts'),
  route('dictation/:token/text', 'routes/default/dictation-text.ts'),
  route('lk/dictations/:id/certificate.pdf', 'routes/lk/dictation-certificate.ts'),
  // docs/product.md §2's flat fallback list: old flat paths answer with a redirect to the nested screen (ADR 002).
  ...Object.keys(FLAT_PATHS).map((path) => route(path, 'routes/flat-redirect.ts', { id: `flat-${path}` })),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
