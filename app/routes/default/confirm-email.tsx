import { redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { isUpstreamError } from '#bff/rest/errors.server';
import { formReply, replyMessages } from '~/components/form/form-reply';
import { ButtonForm } from '~/forms/button';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';

const copy = {
  title: 'Подтверждение адреса',
  lead: 'Нажмите «Подтвердить адрес», чтобы подтвердить, что это ваш адрес электронной почты.',
  confirm: 'Подтвердить адрес',
  invalidTitle: 'Ссылка больше не работает',
  invalid:
    'Ссылка для подтверждения устарела или уже использована: она действует 72 часа и работает один раз. ' +
    'Если адрес ещё не подтверждён, войдите и нажмите «Отправить письмо ещё раз» в личном кабинете — придёт новая ссылка.',
  toCabinet: 'В личный кабинет',
  toLogin: 'Войти',
};

/** Where a confirmed address lands (routes/default/email-confirmed.tsx). */
const CONFIRMED = '/email-confirmed';

/** What the upstream says of a token that is unknown, used or expired: the page says it in its own words. */
const INVALID = 'invalid';

/** A token as the upstream mails them (base64url); anything else is refused without asking it. */
const TOKEN = /^[\w-]{16,256}$/;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/**
 * `/confirm-email/{token}`, the link of the registration letter. Opening it spends nothing — mail
 * scanners and link previews open links too —; «Подтвердить адрес», a POST under the origin check like every
 * other, confirms the address once. The token is in the path only: never in a form, and masked in the logs.
 */
export async function loader() {
  return null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'public',
    submit: async (_value, { reject }) => {
      const token = params.token ?? '';
      if (!TOKEN.test(token)) return reject({ formErrors: [INVALID] });
      let changed: boolean | undefined;
      try {
        ({ changed } = await context.rest.auth.confirmEmail(token, context.config.publicOrigin));
      } catch (error) {
        if (isUpstreamError(error) && error.failure === 'rejected') return reject({ formErrors: [INVALID] });
        throw error;
      }
      // A change's link: the page says the sign-in address is now this one.
      return redirect(changed ? `${CONFIRMED}?reason=changed` : CONFIRMED, 303);
    },
  });
}

export default function ConfirmEmailScreen() {
  const messages = replyMessages(formReply(useActionData<typeof action>()));
  const { viewer } = useRootData();
  if (messages.includes(INVALID)) {
    return (
      <section className="auth-screen">
        <ScreenIntro title={copy.invalidTitle} />
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {copy.invalid}
        </p>
        <p>{viewer ? <Link to="/lk">{copy.toCabinet}</Link> : <Link to="/login">{copy.toLogin}</Link>}</p>
      </section>
    );
  }
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {messages.length ? (
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {messages.join(' ')}
        </p>
      ) : null}
      <ButtonForm label={copy.confirm} className="form-actions" />
    </section>
  );
}
