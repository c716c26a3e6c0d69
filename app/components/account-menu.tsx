import type { ReactNode } from 'react';
import type { ViewerData } from '~/lib/root-data';

export function viewerName(viewer: ViewerData): string {
  return `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
}

/**
 * The signed-in viewer's name, then what the layout puts in: its account links and sign-out (`LogoutButton` of
 * `forms/logout.tsx`: a component holds no form).
 */
export function AccountMenu({ viewer, children }: { viewer: ViewerData | null; children?: ReactNode }) {
  return (
    <div className="account-menu">
      {viewer ? <span className="account-menu__name">{viewerName(viewer)}</span> : null}
      {children}
    </div>
  );
}
