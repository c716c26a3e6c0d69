import { isRouteErrorResponse, Link, useLocation } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { copy as sharedCopy } from '~/lib/copy';
import { errorDocumentTitle } from '~/lib/meta';
import { useOptionalRootData, type ContactsData } from '~/lib/root-data';
import { SESSION_UNCHECKED } from '#shared/session';
import { PublicNav } from './public-nav';
import { SiteFooter, telHref } from './site-footer';
import { SiteHeader } from './site-header';

const copy = {
  notFound: 'Запрашиваемая страница не существует.',
  notFoundAt: (path: string) => `Страница не найдена: ${path}`,
  timeout: 'Проверьте подключение к интернету и обновите страницу.',
  noAnswer:
    'Сервис не отвечает. Это сбой на нашей стороне, а не в вашем подключении к интернету: обновите страницу через минуту.',
  textKept:
    'Если вы писали диктант, текст не потерян: сохранённое осталось на сервере, а набранное после — в этом браузере. Откройте диктант снова, когда сервис заработает.',
  support: 'Если сбой не проходит, напишите нам:',
  orCall: 'или позвоните:',
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
  /** Where to write, carried by the root loader's own 504 (root.server.ts): its data is missing then. */
  contacts?: ContactsData;
}

/** Thrown responses keep their status; anything else is a bug and shows as 500, never with its details. */
export function describeError(error: unknown): ErrorDescription {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const data: unknown = error.data;
  const field = (name: string): unknown =>
    typeof data === 'object' && data !== null && name in data ? (data as Record<string, unknown>)[name] : undefined;
  const message = field('message');
  const contacts = field('contacts');
  return {
    status: error.status,
    message: typeof message === 'string' ? message : undefined,
    contacts: typeof contacts === 'object' && contacts !== null ? (contacts as ContactsData) : undefined,
  };
}

/** The 504's way to support: the provider is silent, so only the portal's own settings name it. */
function SupportContacts({ contacts }: { contacts: ContactsData | undefined }) {
  if (!contacts) return null;
  return (
    <p>
      {copy.support} <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
      {contacts.phone ? (
        <>
          {' '}
          {copy.orCall} <a href={telHref(contacts.phone)}>{contacts.phone}</a>
        </>
      ) : null}
      .
    </p>
  );
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
          {/* The catalogue's English words stay (docs/product.md §8), said in Russian first. */}
          <small>
            {copy.notFoundAt(message.replace(/^Page not found: /, ''))} (<span lang="en">{message}</span>)
          </small>
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
  // The provider did not answer (or refused): the server's failure, said as such, never the visitor's internet.
  504: ({ contacts }) => (
    <>
      <h1>{sharedCopy.errorTitle(504)}</h1>
      <p>{copy.noAnswer}</p>
      <p>{copy.textKept}</p>
      <SupportContacts contacts={contacts} />
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
        {handlers[error.status]?.({ ...error, contacts: root?.product.contacts ?? error.contacts })}
      </main>
      {root ? <SiteFooter contacts={root.product.contacts} certificateCheck /> : null}
    </>
  );
}
