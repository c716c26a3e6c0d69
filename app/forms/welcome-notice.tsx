import { createPath, useFetcher, useLocation } from '@remix-run/react';

const copy = {
  title: 'Добро пожаловать в личный кабинет!',
  text: 'Здесь собраны диктанты, мастер-классы, сценарии, тестирование и другие разделы портала.',
  dismiss: 'Понятно',
};

/**
 * The welcome notice of the cabinet, shown until the user dismisses it; the choice is remembered upstream
 * through the popup call (routes/popups.ts). A status region in the page, not a modal. Without JavaScript the
 * button posts and the page comes back without the notice; with it, a fetcher hides it at once.
 */
export function WelcomeNotice() {
  const fetcher = useFetcher({ key: 'popup-welcome' });
  const { pathname, search } = useLocation();
  if (fetcher.state !== 'idle') return null;
  return (
    <div className="welcome-notice" role="status">
      <p className="welcome-notice__title">{copy.title}</p>
      <p>{copy.text}</p>
      <fetcher.Form method="post" action="/popups">
        <input type="hidden" name="popup" value="welcome" />
        <input type="hidden" name="redirectTo" value={createPath({ pathname, search })} />
        <button type="submit" className="button">
          {copy.dismiss}
        </button>
      </fetcher.Form>
    </div>
  );
}
