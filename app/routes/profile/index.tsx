import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import type { Profile } from '#contract';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { CertificateCard } from '~/components/home/certificate-card';
import { FormNotice } from '~/components/form/form-alert';
import { SAVED_NOTICE, savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { schema } from '~/forms/profile.schema';
import { Facts } from '~/components/ui/facts';
import { EMAIL_CHANGE, EmailConfirmationNotice } from '~/forms/email-confirmation-notice';
import { useRootData } from '~/lib/root-data';

const ProfileForm = deferredForm(() => import('~/forms/profile').then((m) => m.ProfileForm));

const copy = {
  title: 'Профиль',
  lead: 'Ваши данные в личном кабинете.',
  email: 'Электронная почта',
  change: 'Изменить',
  pending: (email: string) => `Новый адрес ${email} ждёт подтверждения по ссылке из письма.`,
  role: 'Роль',
  saved: 'Изменения сохранены.',
  roles: { participant: 'Участник', teacher: 'Учитель', admin: 'Администратор' } satisfies Record<
    Profile['role'],
    string
  >,
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [profile, certificate] = await Promise.all([context.rest.profile.get(), context.rest.certificate.mine()]);
  const { email, pendingEmail, role, lastName, firstName, middleName, phone, city, organization } = profile;
  return {
    email,
    pendingEmail,
    role,
    certificate,
    values: { lastName, firstName, middleName, phone, city, organization },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema,
    submit: (profile) => context.rest.profile.update(profile),
    redirectTo: savedLocation(request),
  });
}

export default function ProfileScreen() {
  const { email, pendingEmail, role, certificate, values } = useLoaderData<typeof loader>();
  const lastResult = formReply(useActionData<typeof action>());
  const { saved, onInput } = useSavedState();
  const { viewer } = useRootData();
  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <EmailConfirmationNotice viewer={viewer} />
      <Facts
        items={[
          [
            copy.email,
            <>
              {email} <Link to={EMAIL_CHANGE}>{copy.change}</Link>
              {pendingEmail ? <span className="facts__note">{copy.pending(pendingEmail)}</span> : null}
            </>,
          ],
          [copy.role, copy.roles[role]],
        ]}
      />
      {saved ? <FormNotice id={SAVED_NOTICE}>{copy.saved}</FormNotice> : null}
      <ProfileForm values={values} lastResult={lastResult} saved={saved} onInput={onInput} />
      <CertificateCard certificate={certificate} />
    </section>
  );
}
