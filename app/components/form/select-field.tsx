import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { FieldLabel, FieldMessages, hintIdOf } from './field-messages';

/**
 * A labelled select with its hint and error, wired as Field is (aria-invalid, aria-describedby); the first,
 * empty option asks for a choice, so nothing is chosen for the user.
 */
export function SelectField({
  field,
  label,
  placeholder,
  options,
  hint,
}: {
  field: FieldMetadata<string>;
  label: string;
  placeholder: string;
  options: Array<{ value: string; label: string }>;
  hint?: string;
}) {
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: hintIdOf(field, hint) });
  return (
    <div className="field">
      <FieldLabel htmlFor={field.id} label={label} />
      <select key={key} {...props} aria-required>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages field={field} hint={hint} />
    </div>
  );
}
