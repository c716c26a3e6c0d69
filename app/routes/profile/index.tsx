import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { submitSignedInForm } from '#bff/auth/forms.server';
import { requireUser } from '#bff/auth/require-user.server';
import type { Profile } from '#contract';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert } from '~/components/form/form-alert';
import { CertificateCard } from '~/components/home/certificate-card';
import { SubmitButton } from '~/components/form/submit-button';
import { savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { PHONE_HINT, PHONE_MASK } from '~/mask';
import { screenMeta } from '~/meta';
import homeStyles from '~/styles/home.css?url';
import { schema } from './index.schema';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./index.schema').then((m) => m.schema);

const copy = {
  title: 'Профиль',
  lead: 'Ваши данные в личном кабинете.',
  email: 'Электронная почта',
  role: 'Роль',
  roles: { participant: 'Участник', teacher: 'Учитель', admin: 'Администратор' } satisfies Record<
    Profile['role'],
    string
  >,
  formTitle: 'Личные данные',
  lastName: 'Фамилия',
  firstName: 'Имя',
  middleName: 'Отчество',
  phone: 'Телефон',
  city: 'Город',
  organization: 'Организация',
  submit: 'Сохранить',
};

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];
export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [profile, certificate] = await Promise.all([context.rest.profile.get(), context.rest.certificate.mine()]);
  const { email, role, lastName, firstName, middleName, phone, city, organization } = profile;
  return { email, role, certificate, values: { lastName, firstName, middleName, phone, city, organization } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitSignedInForm(request, context, {
    schema,
    submit: (profile) => context.rest.profile.update(profile),
    redirectTo: savedLocation(request),
  });
}

export default function ProfileScreen() {
  const { email, role, certificate, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { saved, onInput } = useSavedState();
  const [form, fields] = useSchemaForm(loadSchema, { id: 'profile', lastResult, defaultValue: values });

  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <dl className="facts">
        <div>
          <dt>{copy.email}</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>{copy.role}</dt>
          <dd>{copy.roles[role]}</dd>
        </div>
      </dl>
      <Form
        method="post"
        className="form"
        aria-labelledby="profile-form-title"
        onInput={onInput}
        {...getFormProps(form)}
      >
        <h2 id="profile-form-title">{copy.formTitle}</h2>
        <FormAlert form={form} />
        <Field field={fields.lastName} label={copy.lastName} autoComplete="family-name" />
        <Field field={fields.firstName} label={copy.firstName} autoComplete="given-name" />
        <Field field={fields.middleName} label={copy.middleName} autoComplete="additional-name" optional />
        <Field
          field={fields.phone}
          label={copy.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          mask={PHONE_MASK}
          hint={PHONE_HINT}
        />
        <Field field={fields.city} label={copy.city} autoComplete="address-level2" optional />
        <Field field={fields.organization} label={copy.organization} autoComplete="organization" optional />
        <SubmitButton label={copy.submit} saved={saved} />
      </Form>
      <CertificateCard certificate={certificate} />
    </section>
  );
}
