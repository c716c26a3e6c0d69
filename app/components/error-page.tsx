import { isRouteErrorResponse, Link, useLocation } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { copy as sharedCopy } from '~/lib/copy';
import { errorDocumentTitle } from '~/lib/meta';
import { useOptionalRootData } from '~/lib/root-data';
import { SESSION_UNCHECKED } from '#shared/session';
import { PublicNav } from './public-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const copy = {
  notFound: 'Запрашиваемая страница не существует.',
  timeout: 'Проверьте подключение к интернету и обновите страницу.',
  unavailable: 'Сайт не может сейчас проверить ваш вход. Вы не вышли из кабинета: обновите страницу через минуту.',
  serverError: 'Перезагрузите страницу. Возможно, браузер отправил неверные параметры или на сайте произошёл сбой.',
  reload: 'Обновить страницу',
  elsewhere: 'Возможно, вы искали',
  dictation: 'Диктант',
  week: 'Программа недели',
  cabinet: 'Личный кабинет',
  login: 'Вход в личный кабинет',
  certificates: 'Проверка сертификата',
  brokenLink: 'Если вы пришли по ссылке из письма или с другого сайта и не нашли нужного, напишите нам:',
};

/**
 * The 404's way on: below the catalogue's title, text and «На главную», the places people come for and
 * the address to write to, the cabinet's or the sign-in's as the visitor is signed in or not.
 */
function NotFoundWays() {
  const root = useOptionalRootData();
  if (!root) return null;
  const ways: Array<[string, string]> = [
    ['/dictation', copy.dictation],
    ['/week', copy.week],
    root.viewer ? ['/lk', copy.cabinet] : ['/login', copy.login],
    ['/certificates', copy.certificates],
  ];
  return (
    <nav aria-labelledby="not-found-ways" className="error-page__ways">
      <h2 id="not-found-ways">{copy.elsewhere}</h2>
      <ul>
        {ways.map(([to, label]) => (
          <li key={to}>
            <Link to={to} reloadDocument>
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        {copy.brokenLink} <a href={`mailto:${root.product.contacts.email}`}>{root.product.contacts.email}</a>
      </p>
    </nav>
  );
}

export interface ErrorDescription {
  status: number;
  /** The message the thrown data carries (`data({ message }, { status })`), e.g. `Page not found: /x`. */
  message?: string;
}

/** Thrown responses keep their status; anything else is a bug and shows as 500, never with its details. */
export function describeError(error: unknown): ErrorDescription {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const data: unknown = error.data;
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : undefined;
  return { status: error.status, message };
}

/** A full document load: after an error the client state is not to be trusted. */
function ReloadLink() {
  const location = useLocation();
  return (
    <Link to={location} reloadDocument className="button">
      {copy.reload}
    </Link>
  );
}

/** docs/product.md §2's catalogue. Statuses without an entry show an empty page. */
const handlers: Record<number, (error: ErrorDescription) => ReactNode> = {
  404: ({ message }) => (
    <>
      <h1>{sharedCopy.errorTitle(404)}</h1>
      <p>{copy.notFound}</p>
      {message ? (
        <p className="error-page__detail">
          <small>{message}</small>
        </p>
      ) : null}
      <Link to="/" reloadDocument className="button">
        {sharedCopy.home}
      </Link>
      <NotFoundWays />
    </>
  ),
  408: () => (
    <>
      <h1>{sharedCopy.errorTitle(408)}</h1>
      <p>{copy.timeout}</p>
      <ReloadLink />
    </>
  ),
  // Only the portal's own 503 has words: its session check is away (SESSION_UNCHECKED). An upstream's
  // 503 is outside the catalogue, an empty page like any other.
  503: ({ message }) =>
    message === SESSION_UNCHECKED ? (
      <>
        <h1>{sharedCopy.errorTitle(503)}</h1>
        <p>{copy.unavailable}</p>
        <ReloadLink />
      </>
    ) : null,
  500: () => (
    <>
      <h1>{sharedCopy.errorTitle(500)}</h1>
      <p>{copy.serverError}</p>
      <ReloadLink />
    </>
  ),
};

/** The error page, complete with header and footer; it renders even when the root loader failed. */
export function ErrorPage(error: ErrorDescription) {
  const root = useOptionalRootData();
  const productTitle = root?.product.title ?? sharedCopy.fallbackProductTitle;

  // The root ErrorBoundary's meta sets the same title; this covers the error page the root shows itself.
  useEffect(() => {
    document.title = errorDocumentTitle(productTitle, error.status);
  }, [productTitle, error.status]);

  return (
    <>
      <SiteHeader productTitle={productTitle}>{root ? <PublicNav viewer={root.viewer} /> : null}</SiteHeader>
      <main id="main" tabIndex={-1} className="container main error-page">
        {handlers[error.status]?.(error)}
      </main>
      {root ? <SiteFooter contacts={root.product.contacts} certificateCheck /> : null}
    </>
  );
}
