import { redirect, type AppLoadContext } from '@remix-run/node';
import { isPossiblePass, pendingPass } from './pending-pass.server';
import { declinePrefetch, isPrefetch } from './prefetch.server';
import { ownPath } from './redirect.server';

/** Query parameters the portal itself puts in URLs; the status/stage rule leaves them alone. */
const OWN_PARAMS = new Set([
  'redirectTo',
  'reason',
  'step',
  'saved',
  'confirmation',
  'page',
  'q',
  'sort',
  'filter',
  'id',
  'topic',
  'audience',
  'format',
  // The page a logout lands on says «Вы вышли».
  'signed-out',
  // The check of a certificate by number.
  'number',
  'lastName',
]);

/**
 * docs/product.md §4 flows that run when a page loads, from the root loader, before anything is rendered:
 * `?re=auth` → analytics transition and the external first authorisation; `?pass=` → kept for «Войти» on
 * `/login/pass` and stripped from the URL; otherwise foreign query strings are cleared unless `status` or
 * `stage` is present. Each throws the redirect it needs; a plain load returns.
 */
export async function runEntryFlows(request: Request, context: AppLoadContext): Promise<void> {
  const url = new URL(request.url);
  const params = url.searchParams;

  if (params.get('re') === 'auth') {
    // A prefetch is no visit: nothing counted, and no redirect a browser could keep for the real click.
    if (isPrefetch(request)) throw declinePrefetch();
    await context.rest.analytics
      .linkTransition('auth')
      .catch((error: unknown) => context.log.warn({ err: error }, 'analytics transition failed'));
    const target = new URL(context.config.product.contacts.firstAuth);
    target.searchParams.set('backurl', new URL('/lk/scenarios', context.config.publicOrigin).href);
    throw redirect(target.href);
  }

  if (params.has('pass')) {
    // Opening a pass link spends nothing: a prefetch is declined, and a mail scanner's or a link
    // preview's GET only reaches the page of «Войти», whose POST (under the origin check) exchanges the pass.
    if (isPrefetch(request)) throw declinePrefetch();
    const pass = params.get('pass') ?? '';
    params.delete('pass');
    const to = ownPath(url);
    // A pass link never replaces a session the visitor has (its refresh cookie counts): it is only stripped.
    if (await context.session.user()) throw redirect(to);
    if (!isPossiblePass(pass)) throw redirect('/login?reason=pass');
    await pendingPass(context).remember({ pass, to });
    throw redirect('/login/pass');
  }

  if (params.size > 0 && !params.has('status') && !params.has('stage')) {
    const kept = new URLSearchParams([...params].filter(([key]) => OWN_PARAMS.has(key)));
    if (kept.size !== params.size) throw redirect(ownPath(url, kept));
  }
}
