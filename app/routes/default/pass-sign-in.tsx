import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { pendingPass } from '#bff/request/pending-pass.server';
import { safeRedirect } from '#bff/request/redirect.server';
import { requireAnonymous } from '#bff/request/require-user.server';
import { tooManyAttemptsMessage } from '#bff/request/rate-limit.server';
import { isUpstreamError } from '#bff/rest/errors.server';
import { formReply } from '~/components/form/form-reply';
import { ButtonForm } from '~/forms/button';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';

const copy = {
  title: 'Вход по ссылке из письма',
  lead: 'Нажмите «Войти», чтобы войти на портал. Ссылка из письма действует один раз.',
  signIn: 'Войти',
};

/** Where a pass that is missing, expired, used or refused ends: the login page says why (docs/product.md §4.1). */
const NOT_VALID = '/login?reason=pass';
/** Where a pass signs in to when its link named no other page. */
const SIGNED_IN = '/lk';

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export const headers = retryAfterHeaders;

/**
 * `/login/pass`: where a one-time pass link lands (the root loader keeps its pass in a sealed cookie). Opening it
 * spends nothing — mail scanners and link previews open links too —; «Войти», a POST under the origin check,
 * exchanges the pass. A signed-in visitor, or one without a pass waiting, has nothing to do here.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  if (!(await pendingPass(context).read())) throw redirect(NOT_VALID);
  return null;
}

/** «Войти»: the pass for a session, then the page the link named or the cabinet; a refused pass is "link not valid". */
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = pendingPass(context);
  /** Every way out but a retry forgets the pass. */
  const leave = (to: string) => {
    pending.forget();
    return redirect(to, { status: 303 });
  };
  return handleForm(request, context, {
    guard: 'public',
    submit: async (_value, { reject }) => {
      // A session got meanwhile (another tab) is kept: a pass link never replaces one.
      if (await context.session.user()) return leave(SIGNED_IN);
      const waiting = await pending.read();
      if (!waiting) return leave(NOT_VALID);
      // Counted per address on the login's budget, as a password is (issue 44): a refused pass is a failure.
      const attempt = await context.limits.attempt('pass', context.clientAddress);
      if (attempt.wait !== null) {
        context.log.warn({ form: 'pass' }, 'rate limited');
        const headers = { 'Retry-After': String(attempt.wait) };
        return reject({ formErrors: [tooManyAttemptsMessage(attempt.wait)] }, { status: 429, headers });
      }
      try {
        await context.session.signIn(await context.rest.auth.exchangePass(waiting.pass));
      } catch (error) {
        const refused = isUpstreamError(error) && error.failure === 'rejected' && error.call === 'pass';
        await attempt.settle(refused || !isUpstreamError(error) ? 'failed' : 'unanswered');
        if (refused) return leave(NOT_VALID);
        // The upstream did not answer, or the session could not be kept: said on the page, the pass kept for a retry.
        throw error;
      }
      await attempt.settle('succeeded');
      // The link came to the address: the account's lock of wrong passwords is lifted here (issue 37). A sign-in
      // that worked stands whether or not this could be done.
      try {
        const { email } = await context.rest.profile.get();
        await context.limits.liftLock(context.clientAddress, email, await context.session.deviceFor(email));
        await context.session.trustDevice(email);
      } catch (error) {
        context.log.warn({ err: { message: (error as Error)?.message } }, 'pass sign-in: the login lock not lifted');
      }
      // A link to the portal's front page lands in the cabinet, where a signed-in user expects to be (the front
      // page would not say they are signed in); a link to another page lands there.
      const to = safeRedirect(waiting.to, SIGNED_IN);
      return leave(to === '/' ? SIGNED_IN : to);
    },
  });
}

export default function PassSignInScreen() {
  const failed = formReply(useActionData<typeof action>())?.error?.[''] ?? [];
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {failed.length ? (
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {failed.join(' ')}
        </p>
      ) : null}
      <ButtonForm label={copy.signIn} className="form-actions" />
    </section>
  );
}
