import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { Profile } from '#contract';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { PHONE_HINT, PHONE_MASK, PHONE_WHY } from '~/lib/mask';
import { NAME_MAX } from '#shared/names';

const loadSchema = () => import('./profile.schema').then((m) => m.schema);

const copy = {
  formTitle: 'Личные данные',
  lastName: 'Фамилия',
  firstName: 'Имя',
  middleName: 'Отчество',
  phone: 'Телефон',
  city: 'Город',
  organization: 'Организация',
  submit: 'Сохранить',
};

/** The personal data form of `/profile`. */
export function ProfileForm({
  values,
  lastResult,
  saved,
  onInput,
}: {
  values: Pick<Profile, 'lastName' | 'firstName' | 'middleName' | 'phone' | 'city' | 'organization'>;
  lastResult?: SubmissionResult<string[]> | null;
  saved: boolean;
  onInput: () => void;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'profile', lastResult, defaultValue: values });
  return (
    <Form method="post" className="form" aria-labelledby="profile-form-title" onInput={onInput} {...getFormProps(form)}>
      <h2 id="profile-form-title">{copy.formTitle}</h2>
      <FormAlert form={form} labels={copy} />
      <Field field={fields.lastName} label={copy.lastName} autoComplete="family-name" maxLength={NAME_MAX} />
      <Field field={fields.firstName} label={copy.firstName} autoComplete="given-name" maxLength={NAME_MAX} />
      <Field
        field={fields.middleName}
        label={copy.middleName}
        autoComplete="additional-name"
        maxLength={NAME_MAX}
        optional
      />
      <Field
        field={fields.phone}
        label={copy.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        mask={PHONE_MASK}
        hint={`${PHONE_HINT} ${PHONE_WHY}`}
      />
      <Field field={fields.city} label={copy.city} autoComplete="address-level2" optional />
      <Field field={fields.organization} label={copy.organization} autoComplete="organization" optional />
      <SubmitButton label={copy.submit} saved={saved} />
    </Form>
  );
}
