import { createPath, Form, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { copy } from '~/lib/copy';
import type { ViewerData } from '~/lib/root-data';

export function viewerName(viewer: ViewerData): string {
  return `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
}

/** A plain form post, so that signing out works without JavaScript too. The action decides where to land. */
export function LogoutButton() {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/logout" className="logout-form">
      <input type="hidden" name="redirectTo" value={createPath({ pathname, search })} />
      <button type="submit" className="button button--quiet">
        {copy.logout}
      </button>
    </Form>
  );
}

/** The signed-in viewer's name, the layout's account links, and sign-out. */
export function AccountMenu({ viewer, children }: { viewer: ViewerData | null; children?: ReactNode }) {
  return (
    <div className="account-menu">
      {viewer ? <span className="account-menu__name">{viewerName(viewer)}</span> : null}
      {children}
      <LogoutButton />
    </div>
  );
}
