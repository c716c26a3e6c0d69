import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, NavLink, Outlet, useLocation } from '@remix-run/react';
import { requireUser } from '#bff/auth/require-user.server';
import { AccountMenu } from '~/components/account-menu';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { copy as sharedCopy } from '~/copy';
import { useRootData } from '~/root-data';
import { requireDigitsId } from '~/route-params';

const copy = { navLabel: 'Разделы личного кабинета', current: 'Раздел:' };

/** Every cabinet screen; `end` where a longer path is a screen of its own. */
const sections = [
  { to: '/lk', label: 'Главная', end: true },
  { to: '/lk/dictations', label: 'Диктанты' },
  { to: '/lk/master-classes', label: 'Мастер-классы' },
  { to: '/lk/scenarios', label: 'Сценарии' },
  { to: '/lk/law-week', label: 'Неделя права', end: true },
  { to: '/lk/law-week/themes', label: 'Темы недели права' },
  { to: '/lk/author-questions', label: 'Вопросы автору' },
  { to: '/lk/testing', label: 'Тестирование' },
  { to: '/lk/support', label: 'Поддержка' },
  { to: '/lk/week', label: 'Программа недели' },
] as const satisfies ReadonlyArray<{ to: `/lk${string}`; label: string; end?: boolean }>;

/** The section a path belongs to: the longest section path it is in (a test's question is in «Тестирование»). */
function currentSection(pathname: string) {
  return sections
    .filter((section) => pathname === section.to || (!('end' in section) && pathname.startsWith(`${section.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // A malformed id is 404 for everyone; checked here too, because this loader's login redirect would win.
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export default function CabinetLayout() {
  const { product, viewer } = useRootData();
  const { pathname } = useLocation();
  return (
    <>
      <SiteHeader productTitle={product.title}>
        <AccountMenu viewer={viewer}>
          <Link to="/profile">{sharedCopy.profile}</Link>
        </AccountMenu>
      </SiteHeader>
      <div className="container with-sidebar">
        <nav aria-label={copy.navLabel} className="side-nav">
          {/* One control on a phone, a plain list from a tablet on (ADR 029); a disclosure needs no JavaScript. */}
          <details className="side-nav__menu" key={pathname}>
            <summary>
              <span className="side-nav__summary-label">{copy.current}</span> {currentSection(pathname)?.label}
            </summary>
            <ul>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={'end' in section}>
                    {section.label}
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
