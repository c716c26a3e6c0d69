import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';
import type { ProgramDay } from '~/lib/week-program';

const loadSchema = () => import('./day-link.schema').then((m) => m.dayLinkSchema);

const copy = {
  label: 'Ссылка на материал дня',
  hint: 'Адрес страницы целиком, например https://school.ru/news/urok',
  submit: 'Отправить ссылку',
  update: 'Заменить ссылку',
};

/** The form of an open day: one link, saved with «Сохранено» on its button until the user edits it. */
export function DayLinkForm({
  day,
  lastResult,
  saved,
  onInput,
}: {
  day: ProgramDay;
  lastResult?: SubmissionResult<string[]> | null;
  saved: boolean;
  onInput: () => void;
}) {
  const [form, fields] = useSchemaForm(loadSchema, {
    id: `day-link-${day.id}`,
    lastResult,
    defaultValue: { dayId: day.id, link: day.link ?? '' },
  });
  return (
    <Form method="post" className="form form--inline" onInput={onInput} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="day-link" />
      <input {...getInputProps(fields.dayId, { type: 'hidden' })} key={fields.dayId.key} />
      <FormAlert form={form} unlinked={['dayId']} labels={{ link: copy.label }} />
      <Field field={fields.link} label={copy.label} hint={copy.hint} type="url" inputMode="url" autoComplete="url" />
      <SubmitButton label={day.link ? copy.update : copy.submit} saved={saved} />
    </Form>
  );
}
