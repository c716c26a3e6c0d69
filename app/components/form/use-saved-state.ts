import { useLocation, useSearchParams } from '@remix-run/react';
import { useCallback, useState } from 'react';

/** The query parameter of a page the browser came back to after its form was saved. */
export const SAVED_PARAM = 'saved';

/** The id of the notice a saved page shows (`<FormNotice id={SAVED_NOTICE}>`): where the browser scrolls after a save. */
export const SAVED_NOTICE = 'saved';

/**
 * Where an action sends the browser once it saved: the same page with `?saved` (post, redirect, get), so a
 * reload shows the saved page instead of sending the form again, and with a fragment naming what to show — the
 * page's saved notice by default — so the browser scrolls there with and without JavaScript instead of to the
 * top (issue 29: the confirmation stands where the eye is). `query` adds parameters (a reason to explain).
 */
export function savedLocation(
  request: Request,
  { anchor = SAVED_NOTICE, query = {} }: { anchor?: string; query?: Record<string, string> } = {},
): string {
  const search = new URLSearchParams({ [SAVED_PARAM]: '1', ...query });
  // Leading slashes collapsed: `//host` must never become a redirect to another site.
  return `/${new URL(request.url).pathname.replace(/^\/+/, '')}?${search}#${anchor}`;
}

/** Whether a page's search string says its form was just saved. */
export function isSavedSearch(search: URLSearchParams): boolean {
  return search.get(SAVED_PARAM) === '1';
}

/**
 * The saved state of a form (docs/product.md §5: the button reads «Сохранено»): on when the page came back from a save,
 * off again once the user edits a field. Put `onInput` on the form.
 */
export function useSavedState() {
  const [search] = useSearchParams();
  const { key } = useLocation();
  const [editedOn, setEditedOn] = useState<string | null>(null);
  const saved = isSavedSearch(search) && editedOn !== key;
  // Stable while nothing changes, so a deferred form (deferred-form.tsx) is not re-rendered before it hydrates.
  const onInput = useCallback(() => saved && setEditedOn(key), [saved, key]);
  return { saved, onInput };
}
