/**
 * docs/product.md §2's flat fallback list: each flat path and the nested cabinet screen it stands for. The `-id` forms
 * carry an optional `?id=` (digits) into the nested path. See docs/decisions/209-one-address-per-screen-and-one-not-found.md.
 */
export const FLAT_PATHS = {
  dictations: '/lk/dictations',
  'dictations-id': '/lk/dictations',
  'master-classes': '/lk/master-classes',
  'master-classes-id': '/lk/master-classes',
  scenarios: '/lk/scenarios',
  'scenarios-id': '/lk/scenarios',
  testing: '/lk/testing',
  'testing-id': '/lk/testing',
  'law-week': '/lk/law-week',
  'law-week-themes': '/lk/law-week/themes',
  'author-questions': '/lk/author-questions',
  support: '/lk/support',
} as const satisfies Record<string, `/lk/${string}`>;
