import { createPath, Form, useLocation } from '@remix-run/react';
import { copy } from '~/lib/copy';

/**
 * «Выйти» of the account menu (`components/account-menu.tsx`, put there by the cabinet's and the profile's layouts), posted to `/logout` with the page it was pressed on
 * (its schema: `logout.schema.ts`). A plain form post, so that signing out works without JavaScript too. The action
 * decides where to land.
 */
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
