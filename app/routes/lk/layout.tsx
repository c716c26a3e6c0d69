import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, NavLink, Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import type { UnseenReplies } from '#contract';
import { requireUser } from '#bff/request/require-user.server';
import { AccountMenu } from '~/components/account-menu';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { LogoutButton } from '~/forms/logout';
import { copy as sharedCopy } from '~/lib/copy';
import { useRootData } from '~/lib/root-data';
import { checkNumericParams } from '~/server/route-params';

const copy = { navLabel: 'Разделы личного кабинета', current: 'Раздел:', unseen: ' — новых ответов: ' };

/** Every cabinet screen; `end` where a longer path is a screen of its own. */
const sections = [
  { to: '/lk', label: 'Главная', end: true },
  { to: '/lk/dictations', label: 'Диктанты' },
  { to: '/lk/certificates', label: 'Сертификаты' },
  { to: '/lk/master-classes', label: 'Мастер-классы' },
  { to: '/lk/scenarios', label: 'Сценарии' },
  { to: '/lk/law-week', label: 'Неделя права', end: true },
  { to: '/lk/law-week/themes', label: 'Неделя права: темы' },
  { to: '/lk/author-questions', label: 'Вопросы автору', unseen: 'authorQuestions' },
  { to: '/lk/testing', label: 'Тестирование' },
  { to: '/lk/support', label: 'Поддержка', unseen: 'support' },
  { to: '/lk/week', label: 'Неделя открытых уроков' },
] as const satisfies ReadonlyArray<{
  to: `/lk${string}`;
  label: string;
  end?: boolean;
  /** The section whose new answers the link counts. */
  unseen?: keyof UnseenReplies;
}>;

/** The section a path belongs to: the longest section path it is in (a test's question is in «Тестирование»). */
function currentSection(pathname: string) {
  return sections
    .filter((section) => pathname === section.to || (!('end' in section) && pathname.startsWith(`${section.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // A malformed id is 404 for everyone; checked here too, because this loader's login redirect would win.
  checkNumericParams(params, request);
  await requireUser(request, context);
  const unseen = await context.rest.replies.unseen().catch((error: unknown) => {
    // The figure is an extra: an upstream failure of it leaves the counts out, never the page (a sign-in redirect passes).
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    context.log.warn({ err: error }, 'unseen replies not read');
    return { authorQuestions: 0, support: 0 };
  });
  // The page of a section marks its answers seen while this loader runs beside it: there, nothing is new.
  const here = sections.find((section) => section.to === new URL(request.url).pathname);
  return { unseen: here && 'unseen' in here ? { ...unseen, [here.unseen]: 0 } : unseen };
}

/** The counts come with every page the user opens, not only the first: no polling, and never stale for long. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function CabinetLayout() {
  const { product, viewer } = useRootData();
  const { unseen } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const unseenTotal = unseen.authorQuestions + unseen.support;
  return (
    <>
      <SiteHeader productTitle={product.title}>
        <AccountMenu viewer={viewer}>
          <Link to="/profile">{sharedCopy.profile}</Link>
          <LogoutButton />
        </AccountMenu>
      </SiteHeader>
      <div className="container with-sidebar">
        <nav aria-label={copy.navLabel} className="side-nav">
          {/* One control on a phone, a plain list from a tablet on (ADR 235); a disclosure needs no JavaScript. */}
          <details className="side-nav__menu" key={pathname}>
            <summary>
              <span className="side-nav__summary-label">{copy.current}</span> {currentSection(pathname)?.label}
              {/* Closed on a phone, the menu still says that answers are waiting inside. */}
              {unseenTotal > 0 ? (
                <span className="nav-count">
                  <span className="visually-hidden">{copy.unseen}</span>
                  {unseenTotal}
                </span>
              ) : null}
            </summary>
            <ul>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={'end' in section}>
                    {section.label}
                    {'unseen' in section && unseen[section.unseen] > 0 ? (
                      <span className="nav-count">
                        <span className="visually-hidden">{copy.unseen}</span>
                        {unseen[section.unseen]}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        </nav>
        <main id="main" tabIndex={-1} className="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter contacts={product.contacts} />
    </>
  );
}
