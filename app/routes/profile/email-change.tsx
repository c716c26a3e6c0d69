import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';
import { SAVED_NOTICE, savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { Facts } from '~/components/ui/facts';
import { screenMeta } from '~/lib/meta';
import { schema } from '~/forms/email-change.schema';

const EmailChangeForm = deferredForm(() => import('~/forms/email-change').then((m) => m.EmailChangeForm));

const copy = {
  title: 'Смена адреса электронной почты',
  leadUnconfirmed:
    'Ваш адрес ещё не подтверждён, поэтому его можно просто исправить: письмо со ссылкой для подтверждения придёт на новый адрес, а прежний будет забыт.',
  leadConfirmed:
    'Новый адрес заработает, когда вы откроете ссылку из письма, которое придёт на него. До тех пор вход и письма — на текущий адрес; на него мы сообщим о запросе.',
  current: 'Текущий адрес',
  pending: 'Ждёт подтверждения',
  replaced: (email: string) =>
    `Адрес изменён на ${email}. Письмо со ссылкой для подтверждения отправлено на него: откройте ссылку и нажмите «Подтвердить адрес».`,
  pendingNotice: (email: string, current: string) =>
    `Письмо со ссылкой отправлено на ${email}. Адрес для входа сменится, когда вы откроете ссылку и нажмёте «Подтвердить адрес»; ссылка действует 72 часа. До тех пор входите с адресом ${current}.`,
  back: 'Вернуться в профиль',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { email, emailConfirmed, pendingEmail } = await context.rest.profile.get();
  return { email, emailConfirmed, pendingEmail };
}

/**
 * The address change (ADR 214): the current password in the same form, limited per account (every request
 * counts, as a mailing form's do) and by the upstream's own count and mailer (429 with its wait, said on the form).
 * Back on this page with `?saved=1&reason=replaced|pending`, the fields empty.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  let state = 'replaced';
  return handleForm(request, context, {
    guard: 'signed-in',
    schema,
    limit: 'email-change',
    forgive: false,
    errorStatus: (error) => (error.status === 429 ? 429 : 400),
    submit: async ({ email, currentPassword }) => {
      const portalOrigin = context.config.publicOrigin;
      ({ state } = await context.rest.profile.changeEmail({ email, currentPassword, portalOrigin }));
      // The new address is this account's: a recovery by it ends this account's sessions too, even where the
      // provider does not name the account in its answer (issue 44).
      await context.session.linkLogin(email);
    },
    redirectTo: () => savedLocation(request, { query: { reason: state } }),
  });
}

export default function EmailChangeScreen() {
  const { email, emailConfirmed, pendingEmail } = useLoaderData<typeof loader>();
  const { saved, onInput } = useSavedState();
  const { key } = useLocation();
  const [search] = useSearchParams();
  const lastResult = formReply(useActionData<typeof action>());
  // A change waiting for its link has changed nothing yet: the notice says what happens, the button no «Сохранено».
  const pending = search.get('reason') === 'pending';
  const notice =
    pending && pendingEmail
      ? copy.pendingNotice(pendingEmail, email)
      : search.get('reason') === 'replaced'
        ? copy.replaced(email)
        : null;
  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={emailConfirmed ? copy.leadConfirmed : copy.leadUnconfirmed} />
      <Facts items={[[copy.current, email], ...(pendingEmail ? [[copy.pending, pendingEmail] as const] : [])]} />
      {saved && notice ? <FormNotice id={SAVED_NOTICE}>{notice}</FormNotice> : null}
      {/* A new form after every save: the password is not left in its field. */}
      <EmailChangeForm key={key} lastResult={lastResult} saved={saved && !pending} onInput={onInput} />
      <p>
        <Link to="/profile">{copy.back}</Link>
      </p>
    </section>
  );
}
