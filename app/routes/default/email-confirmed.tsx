import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { EmailConfirmationNotice } from '~/forms/email-confirmation-notice';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';

const copy = {
  title: 'Адрес подтверждён',
  lead: 'Спасибо! Теперь на этот адрес приходят ссылки на диктант и ответы на ваши вопросы и обращения.',
  toCabinet: 'Перейти в личный кабинет',
  toLogin: 'Войти',
  notYet: 'Адрес ещё не подтверждён',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** Where «Подтвердить адрес» lands after the address was confirmed. */
export default function EmailConfirmedScreen() {
  const { viewer } = useRootData();
  // Opened by hand before the link was used: the page does not claim what is not so.
  if (viewer && !viewer.emailConfirmed) {
    return (
      <section className="auth-screen">
        <ScreenIntro title={copy.notYet} />
        <EmailConfirmationNotice viewer={viewer} />
      </section>
    );
  }
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <p>{viewer ? <Link to="/lk">{copy.toCabinet}</Link> : <Link to="/login">{copy.toLogin}</Link>}</p>
    </section>
  );
}
