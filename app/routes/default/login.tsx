import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { recoveryEmail } from '#bff/request/recovery-email.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { ScreenIntro } from '~/components/screen-intro';
import { signInAction, signInLoader } from '~/server/sign-in.server';
import { screenMeta } from '~/lib/meta';
import { schema } from '~/forms/login.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const LoginForm = deferredForm(() => import('~/forms/login').then((m) => m.LoginForm));

const copy = {
  title: 'Вход',
  lead: 'Войдите, чтобы открыть личный кабинет.',
  /** Sent here from the dictation («Написать диктант», «Зарегистрироваться»): that is what the sign-in is for. */
  dictationLead: 'Войдите, чтобы написать диктант: после входа вы вернётесь к нему.',
  reasons: {
    pass: 'Ссылка для входа недействительна или уже использована. Войдите с паролем.',
    // A form sent after the session ended (bff/request/forms.server.ts): why sign in again, and what came of the text.
    'form-kept':
      'Сеанс завершился, пока вы заполняли форму. Войдите снова — введённый текст вернётся в форму, останется отправить её.',
    'session-ended': 'Сеанс завершился, пока страница была открыта. Войдите снова и отправьте форму ещё раз.',
    'password-changed': 'Пароль изменён. Войдите с новым паролем.',
    'logout-unconfirmed':
      'Вы вышли в этом браузере, но сайт не смог подтвердить завершение сеанса на всех своих серверах. Если ваш вход мог оказаться у кого-то ещё, через несколько минут войдите снова и смените пароль.',
  } as Record<string, string>,
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** After «Пароль изменён» the address the recovery used is filled in, once (it was kept sealed, never in the URL). */
export async function loader(args: LoaderFunctionArgs) {
  await signInLoader(args);
  if (new URL(args.request.url).searchParams.get('reason') !== 'password-changed') return { email: null };
  const remembered = recoveryEmail(args.context);
  const email = await remembered.read();
  remembered.forget();
  return { email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context, {
    schema,
    limit: 'login',
    fieldNames: { login: 'email' },
    forgive: true,
    signIn: ({ email, password }) => context.rest.auth.login({ login: email, password }),
  });
}

/** `/login` and `/dictation2024-login`. */
export default function LoginScreen() {
  const lastResult = formReply(useActionData<typeof action>());
  const [searchParams] = useSearchParams();
  const { email } = useLoaderData<typeof loader>();
  const reason = copy.reasons[searchParams.get('reason') ?? ''];
  const redirectTo = searchParams.get('redirectTo') ?? '';
  const lead = /^\/dictation(\/|\?|$)/.test(redirectTo) ? copy.dictationLead : copy.lead;
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={lead} />
      {reason ? <FormNotice>{reason}</FormNotice> : null}
      <LoginForm lastResult={lastResult} redirectTo={redirectTo} email={email} />
    </section>
  );
}
