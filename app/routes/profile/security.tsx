import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLocation } from '@remix-run/react';
import { submitSignedInForm } from '#bff/auth/forms.server';
import { requireUser } from '#bff/auth/require-user.server';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert, FormNotice } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { savedLocation, useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { schema } from './security.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./security.schema').then((m) => m.schema);

const copy = {
  title: 'Безопасность',
  lead: 'Смена пароля. После смены другие сеансы входа будут завершены.',
  currentPassword: 'Текущий пароль',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите новый пароль',
  submit: 'Сменить пароль',
  changed: 'Пароль изменён. Другие сеансы завершены.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitSignedInForm(request, context, {
    schema,
    // The current password is checked upstream: without a limit, a stolen session could guess it.
    limit: 'password-change',
    // Every earlier session ends, this one too (a stolen copy of its cookies with it): the answer is a new one.
    submit: async ({ currentPassword, newPassword }) =>
      context.session.signIn(await context.rest.profile.changePassword({ currentPassword, newPassword })),
    redirectTo: savedLocation(request),
  });
}

export default function SecurityScreen() {
  const { saved, onInput } = useSavedState();
  const { key } = useLocation();
  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {saved ? <FormNotice>{copy.changed}</FormNotice> : null}
      {/* A new form after every save: the passwords are not left in the fields. */}
      <ChangePasswordForm key={key} saved={saved} onInput={onInput} />
    </section>
  );
}

function ChangePasswordForm({ saved, onInput }: { saved: boolean; onInput: () => void }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadSchema, { id: 'change-password', lastResult });
  return (
    <Form method="post" className="form" onInput={onInput} {...getFormProps(form)}>
      <FormAlert form={form} />
      <Field
        field={fields.currentPassword}
        label={copy.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <Field
        field={fields.newPassword}
        label={copy.newPassword}
        type="password"
        autoComplete="new-password"
        hint={copy.newPasswordHint}
      />
      <Field field={fields.passwordConfirm} label={copy.passwordConfirm} type="password" autoComplete="new-password" />
      <SubmitButton label={copy.submit} saved={saved} />
    </Form>
  );
}
