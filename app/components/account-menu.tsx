import type { ReactNode } from 'react';
import { LogoutButton } from '~/forms/logout';
import type { ViewerData } from '~/lib/root-data';

export function viewerName(viewer: ViewerData): string {
  return `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
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
