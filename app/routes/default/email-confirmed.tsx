import type { MetaFunction } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { EmailConfirmationNotice } from '~/forms/email-confirmation-notice';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';

const copy = {
  title: 'Адрес подтверждён',
  lead: 'Спасибо! Теперь на этот адрес приходят ссылки на диктант и ответы на ваши вопросы и обращения.',
  changedTitle: 'Адрес для входа изменён',
  changed: (email: string | null) =>
    `${email ? `Теперь входите на портал с адресом ${email}` : 'Теперь входите на портал с новым адресом'}: на него же приходят ссылки на диктант и ответы на ваши вопросы и обращения. Прежний адрес больше не подходит для входа.`,
  toCabinet: 'Перейти в личный кабинет',
  toLogin: 'Войти',
  toDictation: 'Диктант: регистрация и написание',
  notYet: 'Адрес ещё не подтверждён',
};

export const meta: MetaFunction = ({ matches, location }) =>
  screenMeta(
    matches,
    new URLSearchParams(location.search).get('reason') === 'changed' ? copy.changedTitle : copy.title,
  );

/**
 * Where «Подтвердить адрес» lands after the address was confirmed; `?reason=changed` after a change's link, when
 * the sign-in address is now the confirmed one. Next: the cabinet or «Войти», and the dictation most come for.
 */
export default function EmailConfirmedScreen() {
  const { viewer } = useRootData();
  const [search] = useSearchParams();
  // Opened by hand before the link was used: the page does not claim what is not so.
  if (viewer && !viewer.emailConfirmed) {
    return (
      <section className="auth-screen">
        <ScreenIntro title={copy.notYet} />
        <EmailConfirmationNotice viewer={viewer} />
      </section>
    );
  }
  const changed = search.get('reason') === 'changed';
  return (
    <section className="auth-screen">
      <ScreenIntro
        title={changed ? copy.changedTitle : copy.title}
        lead={changed ? copy.changed(viewer?.email ?? null) : copy.lead}
      />
      <p>{viewer ? <Link to="/lk">{copy.toCabinet}</Link> : <Link to="/login">{copy.toLogin}</Link>}</p>
      <p>
        <Link to="/dictation">{copy.toDictation}</Link>
      </p>
    </section>
  );
}
