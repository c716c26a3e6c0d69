import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { z } from 'zod';
import { rejectForm, upstreamErrors } from '#bff/auth/forms.server';
import { requireUser } from '#bff/auth/require-user.server';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert, FormNotice } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSavedState } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { fieldRules, withConfirmation } from '~/form-fields';
import { screenMeta } from '~/meta';

const copy = {
  title: 'Безопасность',
  lead: 'Смена пароля. После смены другие сеансы входа будут завершены.',
  currentPassword: 'Текущий пароль',
  currentPasswordRequired: 'Введите текущий пароль',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите новый пароль',
  submit: 'Сменить пароль',
  changed: 'Пароль изменён. Другие сеансы завершены.',
};

const schema = withConfirmation(
  {
    currentPassword: z.string({ required_error: copy.currentPasswordRequired }).pipe(fieldRules.currentPassword),
    newPassword: fieldRules.newPassword,
  },
  'newPassword',
  'passwordConfirm',
);

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== 'success') return rejectForm(submission);
  const { currentPassword, newPassword } = submission.value;

  try {
    await context.rest.profile.changePassword({ currentPassword, newPassword });
  } catch (error) {
    return rejectForm(submission, upstreamErrors(error));
  }
  // resetForm: the passwords are neither echoed to the page nor left in the fields.
  return { ...submission.reply({ resetForm: true }), saved: true as const };
}

export default function SecurityScreen() {
  const lastResult = useActionData<typeof action>();
  const { saved, onInput } = useSavedState(lastResult);
  const [form, fields] = useSchemaForm(schema, { id: 'change-password', lastResult });

  return (
    <section className="profile-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {saved ? <FormNotice>{copy.changed}</FormNotice> : null}
      <Form method="post" className="form" onInput={onInput} {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
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
        <Field
          field={fields.passwordConfirm}
          label={copy.passwordConfirm}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton label={copy.submit} saved={saved} />
      </Form>
    </section>
  );
}
