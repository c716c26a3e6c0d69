import { NavLink } from '@remix-run/react';
import { copy as sharedCopy } from '~/lib/copy';
import type { ViewerData } from '~/lib/root-data';

const copy = {
  label: 'Основная навигация',
  login: 'Вход',
  registration: 'Регистрация',
  dictation: 'Диктант',
};

/** Public navigation: the dictation, then sign-in and registration for guests or the cabinet for a signed-in viewer. */
export function PublicNav({ viewer }: { viewer: ViewerData | null }) {
  return (
    <nav aria-label={copy.label} className="top-nav">
      <ul>
        <li>
          <NavLink to="/dictation">{copy.dictation}</NavLink>
        </li>
        {viewer ? (
          <li>
            <NavLink to="/lk">{sharedCopy.cabinet}</NavLink>
          </li>
        ) : (
          <>
            <li>
              <NavLink to="/login">{copy.login}</NavLink>
            </li>
            <li>
              <NavLink to="/registration">{copy.registration}</NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
