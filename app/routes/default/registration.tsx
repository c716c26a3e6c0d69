import { getFormProps } from '@conform-to/react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { submitPublicForm } from '#bff/auth/forms.server';
import { requireAnonymous } from '#bff/auth/require-user.server';
import { requireForm } from '#bff/auth/require-form.server';
import { Checkbox } from '~/components/form/checkbox';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { ScreenIntro } from '~/components/screen-intro';
import { PHONE_HINT, PHONE_MASK } from '~/mask';
import { screenMeta } from '~/meta';
import { schema } from './registration.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./registration.schema').then((m) => m.schema);

const copy = {
  title: 'Регистрация',
  lead: 'Создайте учётную запись, чтобы открыть личный кабинет.',
  lastName: 'Фамилия',
  firstName: 'Имя',
  email: 'Электронная почта',
  phone: 'Телефон',
  password: 'Пароль',
  passwordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите пароль',
  consent: 'Я согласен на обработку персональных данных',
  submit: 'Зарегистрироваться',
  haveAccount: 'Уже зарегистрированы?',
  login: 'Войти',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitPublicForm(context, await requireForm(request), {
    schema,
    form: 'registration',
    submit: async ({ email, password, firstName, lastName, phone }) => {
      await context.session.signIn(await context.rest.auth.register({ email, password, firstName, lastName, phone }));
      return redirect('/lk', 303);
    },
  });
}

export default function RegistrationScreen() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadSchema, { lastResult });

  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <HoneypotFields />
        <FormAlert form={form} />
        <Field field={fields.lastName} label={copy.lastName} autoComplete="family-name" />
        <Field field={fields.firstName} label={copy.firstName} autoComplete="given-name" />
        <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email" />
        <Field
          field={fields.phone}
          label={copy.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          mask={PHONE_MASK}
          hint={PHONE_HINT}
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
        <Checkbox field={fields.consent} label={copy.consent} />
        <SubmitButton label={copy.submit} />
        <p className="form-links">
          <span>
            {copy.haveAccount} <Link to="/login">{copy.login}</Link>
          </span>
        </p>
      </Form>
    </section>
  );
}
