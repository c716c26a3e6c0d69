import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, NavLink, Outlet } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { AccountMenu } from '~/components/account-menu';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { LogoutButton } from '~/forms/logout';
import { copy as sharedCopy } from '~/lib/copy';
import { useRootData } from '~/lib/root-data';

const copy = {
  navLabel: 'Настройки профиля',
  security: 'Безопасность',
  backToCabinet: 'Вернуться в личный кабинет',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function ProfileLayout() {
  const { product, viewer } = useRootData();
  return (
    <>
      <SiteHeader productTitle={product.title}>
        <AccountMenu viewer={viewer}>
          <LogoutButton />
        </AccountMenu>
      </SiteHeader>
      <div className="container with-sidebar">
        <nav aria-label={copy.navLabel} className="side-nav">
          <ul>
            <li>
              <NavLink to="/profile" end>
                {sharedCopy.profile}
              </NavLink>
            </li>
            <li>
              <NavLink to="/profile/security">{copy.security}</NavLink>
            </li>
            <li>
              <Link to="/lk">{copy.backToCabinet}</Link>
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter contacts={product.contacts} />
    </>
  );
}
