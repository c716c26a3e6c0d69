import { getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { FieldLabel, FieldMessages, hintIdOf } from './field-messages';

/** A labelled, required textarea with its hint (the length limits, in words) and error, wired as Field is. */
export function TextareaField({
  field,
  label,
  hint,
  rows = 6,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  rows?: number;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hintIdOf(field, hint) });
  return (
    <div className="field">
      <FieldLabel htmlFor={field.id} label={label} />
      <textarea key={key} {...props} rows={rows} aria-required />
      <FieldMessages field={field} hint={hint} />
    </div>
  );
}
