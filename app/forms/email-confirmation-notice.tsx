import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import type { ViewerData } from '~/lib/root-data';

const copy = {
  title: 'Подтвердите адрес электронной почты',
  text: (email: string) =>
    `Мы отправили письмо со ссылкой на ${email}. Откройте её и нажмите «Подтвердить адрес». ` +
    'Пока адрес не подтверждён, приходят только письма для его подтверждения. Как только подтвердите, пришлём ссылки на диктанты, на ' +
    'которые вы записаны, и квитанции о сданных; ответы на вопросы и обращения — в личном кабинете.',
  sent: (email: string) => `Письмо отправлено на ${email}. Ссылка в нём действует 72 часа.`,
  resend: 'Отправить письмо ещё раз',
  pending: 'Отправка…',
  fix: 'Исправить адрес',
};

/** The value of `?confirmation=` after a new letter was sent (the resend action adds it). */
export const CONFIRMATION_SENT = 'sent';

/** The address change (routes/profile/email-change.tsx): a mistyped address is corrected there. */
export const EMAIL_CHANGE = '/profile/email/change';

/** Where «Отправить письмо ещё раз» posts (routes/profile/email.tsx). */
export const RESEND_ACTION = '/profile/email';

/**
 * The reminder of an unconfirmed address on `/lk` and `/profile`: what waits for the confirmation and
 * «Отправить письмо ещё раз», a POST that works without JavaScript and comes back here with `?confirmation=sent`.
 * Nothing once the address is confirmed.
 */
export function EmailConfirmationNotice({ viewer }: { viewer: ViewerData | null }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  if (!viewer || viewer.emailConfirmed) return null;
  const sent = new URLSearchParams(search).get('confirmation') === CONFIRMATION_SENT;
  const pending = navigation.state === 'submitting' && navigation.formAction === RESEND_ACTION;
  return (
    <section className="welcome-notice" id="email-confirmation" aria-labelledby="email-confirmation-title">
      <h2 className="welcome-notice__title" id="email-confirmation-title">
        {copy.title}
      </h2>
      <p>{copy.text(viewer.email)}</p>
      {sent ? <p role="status">{copy.sent(viewer.email)}</p> : null}
      <Form method="post" action={RESEND_ACTION}>
        <input type="hidden" name="redirectTo" value={pathname} />
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {pending ? copy.pending : copy.resend}
        </button>{' '}
        <Link to={EMAIL_CHANGE}>{copy.fix}</Link>
      </Form>
    </section>
  );
}
