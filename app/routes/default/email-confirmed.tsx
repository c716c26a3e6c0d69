import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';

const copy = {
  title: 'Адрес подтверждён',
  lead: 'Спасибо! Теперь на этот адрес приходят ссылки на диктант и ответы на ваши вопросы и обращения.',
  toCabinet: 'Перейти в личный кабинет',
  toLogin: 'Войти',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** Where «Подтвердить адрес» lands after the address was confirmed (ADR 053). */
export default function EmailConfirmedScreen() {
  const { viewer } = useRootData();
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <p>{viewer ? <Link to="/lk">{copy.toCabinet}</Link> : <Link to="/login">{copy.toLogin}</Link>}</p>
    </section>
  );
}
