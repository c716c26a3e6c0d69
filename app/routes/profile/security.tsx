import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLocation, useSearchParams } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { SAVED_NOTICE, savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { schema } from '~/forms/password-change.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const ChangePasswordForm = deferredForm(() => import('~/forms/password-change').then((m) => m.ChangePasswordForm));

const copy = {
  title: 'Безопасность',
  lead: 'Смена пароля. После смены другие сеансы входа будут завершены.',
  changed: 'Пароль изменён. Другие сеансы завершены.',
  unconfirmed:
    'Пароль изменён, другие сеансы завершены, но сайт не смог сразу записать это на всех своих серверах: ещё несколько минут на другом устройстве могут открываться уже загруженные страницы кабинета.',
};

/** The page's `reason` after a change whose end of the other sessions could not be recorded yet (ADR 212). */
const UNCONFIRMED = 'sessions-unconfirmed';

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  let confirmed = true;
  return handleForm(request, context, {
    guard: 'signed-in',
    schema,
    // The current password is checked upstream: without a limit, a stolen session could guess it.
    limit: 'password-change',
    // Every earlier session ends, this one too (a stolen copy of its cookies with it): the answer is a new one.
    submit: async ({ currentPassword, newPassword }) => {
      const signedIn = await context.rest.profile.changePassword({ currentPassword, newPassword });
      confirmed = await context.session.endEarlierSessions();
      await context.session.signIn(signedIn);
    },
    redirectTo: () => savedLocation(request, { query: confirmed ? {} : { reason: UNCONFIRMED } }),
  });
}

export default function SecurityScreen() {
  const { saved, onInput } = useSavedState();
  const { key } = useLocation();
  const lastResult = formReply(useActionData<typeof action>());
  const [search] = useSearchParams();
  const unconfirmed = search.get('reason') === UNCONFIRMED;
  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {saved ? <FormNotice id={SAVED_NOTICE}>{unconfirmed ? copy.unconfirmed : copy.changed}</FormNotice> : null}
      {/* A new form after every save: the passwords are not left in the fields. */}
      <ChangePasswordForm key={key} lastResult={lastResult} saved={saved} onInput={onInput} />
    </section>
  );
}
