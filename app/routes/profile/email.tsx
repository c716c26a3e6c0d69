import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { safeRedirect } from '#bff/request/redirect.server';
import { requireUser } from '#bff/request/require-user.server';
import { CONFIRMATION_SENT, EmailConfirmationNotice } from '~/forms/email-confirmation-notice';
import { formReply, replyMessages } from '~/components/form/form-reply';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { emailConfirmationSchema } from '~/forms/email-confirmation.schema';
import { useRootData } from '~/lib/root-data';

const copy = {
  title: 'Подтверждение адреса',
  confirmed: (email: string) => `Адрес ${email} подтверждён.`,
  toCabinet: 'В личный кабинет',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/**
 * «Отправить письмо ещё раз» of the reminder on `/lk` and `/profile`: a new confirmation link, counted by
 * the limits of mailing forms (per account and address, every letter counts) and by the upstream's mailer (each
 * resend waits twice as long as the one before, ADR 215), then back where it was pressed with
 * `?confirmation=sent`. A refusal (too many letters, an upstream failure) is said on this page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: emailConfirmationSchema,
    limit: 'confirmation-mail',
    forgive: false,
    // The upstream's mailer makes each resend wait longer: «Письмо уже отправлено…» with the wait.
    errorStatus: (error) => (error.status === 429 ? 429 : 400),
    submit: async ({ redirectTo }) => {
      await context.rest.auth.resendConfirmation(context.config.publicOrigin);
      const back = new URL(safeRedirect(redirectTo, '/lk'), 'http://portal.invalid');
      back.searchParams.set('confirmation', CONFIRMATION_SENT);
      return redirect(`${back.pathname}${back.search}`, 303);
    },
  });
}

export default function EmailConfirmationScreen() {
  const { viewer } = useRootData();
  const failed = replyMessages(formReply(useActionData<typeof action>()));
  return (
    <section>
      <ScreenIntro title={copy.title} />
      {failed.length ? (
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {failed.join(' ')}
        </p>
      ) : null}
      {viewer && viewer.emailConfirmed ? (
        <p>
          {copy.confirmed(viewer.email)} <Link to="/lk">{copy.toCabinet}</Link>
        </p>
      ) : (
        <EmailConfirmationNotice viewer={viewer} />
      )}
    </section>
  );
}
