import { Link } from '@remix-run/react';

const copy = {
  pages: 'Страницы',
  previous: 'Назад',
  next: 'Вперёд',
  page: (n: number) => `Страница ${n}`,
};

/** The page numbers to offer: the first, the last and two around the current one, with gaps between. */
function pageWindow(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}

/** Links to the pages of a list (a GET, so it works without JavaScript); `hrefOf` keeps the list's filters. */
export function Pagination({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (n: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={copy.pages} className="pagination">
      <ul>
        {page > 1 && page <= pages ? (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev">
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
              <Link to={hrefOf(n)} aria-label={copy.page(n)} aria-current={n === page ? 'page' : undefined}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={hrefOf(page + 1)} rel="next">
              {copy.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
