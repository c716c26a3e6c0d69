import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/form/submit-button';

/**
 * A POST form of one button and no field, so it has no schema of its own (`handleForm` reads it as a button alone):
 * «Подтвердить адрес» (`/confirm-email`), «Войти» with a one-time pass (`/login/pass`), «Начать тест» and «Пройти ещё
 * раз» (`/lk/testing/{id}`, from the test and from an attempt's result). `action` is where it posts when that is
 * not the page's own route.
 */
export function ButtonForm({ label, className, action }: { label: string; className?: string; action?: string }) {
  return (
    <Form method="post" action={action} className={className}>
      <SubmitButton label={label} formAction={action} />
    </Form>
  );
}
