import { Link } from '@remix-run/react';

/** Pieces shared by the scenarios list and a scenario's screen. */

const copy = {
  parents: 'Родители',
  teachers: 'Педагоги',
  grade: (from: string, to?: string) => (to ? `${from}–${to} классы` : `${from} класс`),
  pages: 'Страницы',
  previous: 'Назад',
  next: 'Вперёд',
  page: (n: number) => `Страница ${n}`,
};

/** «5–7 классы», «1 класс», «Родители»: grades as ranges, as a teacher writes them. */
export function audiencesLabel(audiences: readonly string[]): string {
  const grades = audiences.filter((a) => /^\d+$/.test(a)).map(Number);
  const parts: string[] = [];
  let start = grades[0];
  grades.forEach((grade, i) => {
    const next = grades[i + 1];
    if (next === grade + 1) return;
    parts.push(copy.grade(String(start), start === grade ? undefined : String(grade)));
    start = next;
  });
  if (audiences.includes('parents')) parts.push(copy.parents);
  if (audiences.includes('teachers')) parts.push(copy.teachers);
  return parts.join(', ');
}

type Filters = Partial<Record<'q' | 'topic' | 'audience' | 'format' | 'sort', string>> & { page?: number };

/** The list's URL for these filters with some changed; the first page and empty values stay out of it. */
export function withQuery(filters: Filters, change: Partial<Filters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...change })) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/lk/scenarios?${query}` : '/lk/scenarios';
}

/** The page numbers to offer: the first, the last and two around the current one, with gaps between. */
function pageWindow(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}

export function ScenarioPages({ filters, page, pages }: { filters: Filters; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={copy.pages} className="scenario-pages">
      <ul>
        {page > 1 && page <= pages ? (
          <li>
            <Link to={withQuery(filters, { page: page - 1 })} rel="prev">
              {copy.previous}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={withQuery(filters, { page: n })}
                aria-label={copy.page(n)}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={withQuery(filters, { page: page + 1 })} rel="next">
              {copy.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
