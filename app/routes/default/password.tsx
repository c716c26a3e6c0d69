import { getFormProps } from '@conform-to/react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { submitPublicForm } from '#bff/auth/forms.server';
import { requireAnonymous } from '#bff/auth/require-user.server';
import { recoveryEmail } from '#bff/auth/recovery-email.server';
import { requireForm } from '#bff/auth/require-form.server';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert, FormNotice } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { confirmSchema, requestSchema } from './password.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadRequestSchema = () => import('./password.schema').then((m) => m.requestSchema);
const loadConfirmSchema = () => import('./password.schema').then((m) => m.confirmSchema);

const copy = {
  title: 'Восстановление пароля',
  requestLead: 'Укажите адрес электронной почты, с которым вы регистрировались. Мы пришлём на него код.',
  confirmLead: 'Введите код из письма и придумайте новый пароль.',
  email: 'Электронная почта',
  sendCode: 'Получить код',
  codeSent: 'Если адрес зарегистрирован, мы отправили на него код.',
  code: 'Код из письма',
  codeHint: 'Шесть цифр.',
  password: 'Новый пароль',
  passwordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите пароль',
  save: 'Сохранить пароль',
  newCode: 'Отправить код ещё раз',
  backToLogin: 'Вернуться ко входу',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** The address the first step remembered (in a sealed cookie, never in the URL), for either step. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return { email: await recoveryEmail(context.config).read(request) };
}

/** One action for both steps; the hidden `intent` field says which form was sent. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await requireForm(request);
  return formData.get('intent') === 'confirm' ? confirmRecovery(context, formData) : requestCode(context, formData);
}

function requestCode(context: ActionFunctionArgs['context'], formData: FormData) {
  return submitPublicForm(context, formData, {
    schema: requestSchema,
    form: 'recovery',
    submit: async ({ email }) => {
      await context.rest.auth.sendRecoveryCode({ email });
      const remembered = await recoveryEmail(context.config).remember(email);
      return redirect('/password?step=confirm', { status: 303, headers: { 'Set-Cookie': remembered } });
    },
  });
}

function confirmRecovery(context: ActionFunctionArgs['context'], formData: FormData) {
  return submitPublicForm(context, formData, {
    schema: confirmSchema,
    form: 'recovery',
    forgive: true,
    submit: async ({ email, code, password }) => {
      await context.rest.auth.confirmRecovery({ email, code, password });
      const forgotten = recoveryEmail(context.config).forget();
      return redirect('/login?reason=password-changed', { status: 303, headers: { 'Set-Cookie': forgotten } });
    },
  });
}

export default function PasswordScreen() {
  const [searchParams] = useSearchParams();
  const { email } = useLoaderData<typeof loader>();
  // Without a remembered address (it expired, or the link was opened elsewhere) the first step starts over.
  return searchParams.get('step') === 'confirm' && email ? (
    <ConfirmStep email={email} />
  ) : (
    <RequestStep email={email ?? ''} />
  );
}

function RequestStep({ email }: { email: string }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadRequestSchema, {
    id: 'recovery-request',
    lastResult,
    defaultValue: { email },
  });

  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.requestLead} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <HoneypotFields />
        <input type="hidden" name="intent" value="request" />
        <FormAlert form={form} />
        <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email" />
        <SubmitButton label={copy.sendCode} />
        <p className="form-links">
          <Link to="/login">{copy.backToLogin}</Link>
        </p>
      </Form>
    </section>
  );
}

function ConfirmStep({ email }: { email: string }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadConfirmSchema, { id: 'recovery-confirm', lastResult });
  // The address travels in a hidden field, so its errors are shown above the form.
  const formErrors = [...(form.errors ?? []), ...(fields.email.errors ?? [])];

  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.confirmLead} />
      <FormNotice>{copy.codeSent}</FormNotice>
      <Form method="post" className="form" {...getFormProps(form)}>
        <HoneypotFields />
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="email" value={email} />
        <FormAlert form={form} errors={formErrors} unlinked={['email']} />
        <Field
          field={fields.code}
          label={copy.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          mask="######"
          hint={copy.codeHint}
        />
        <Field
          field={fields.password}
          label={copy.password}
          type="password"
          autoComplete="new-password"
          hint={copy.passwordHint}
        />
        <Field
          field={fields.passwordConfirm}
          label={copy.passwordConfirm}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton label={copy.save} />
        <p className="form-links">
          <Link to="/password">{copy.newCode}</Link>
          <Link to="/login">{copy.backToLogin}</Link>
        </p>
      </Form>
    </section>
  );
}
