import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldLabel, FieldMessages, hintIdOf } from './field-messages';

interface CheckboxProps {
  field: FieldMetadata<boolean>;
  /** Text, or text with links (the consent's texts): a link inside the label opens, the rest ticks the box. */
  label: ReactNode;
  hint?: string;
  /** Required unless marked, like Field. */
  optional?: boolean;
}

/**
 * One labelled checkbox with its hint and error, wired like Field: aria-invalid, and aria-describedby naming
 * the hint and the error. The box comes first and the label beside it; the whole label is the touch target.
 */
export function Checkbox({ field, label, hint, optional }: CheckboxProps) {
  const hintId = hintIdOf(field, hint);
  const { key, ...props } = getInputProps(field, { type: 'checkbox', ariaDescribedBy: hintId });
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input key={key} {...props} aria-required={!optional} />
        <FieldLabel htmlFor={field.id} label={label} optional={optional} />
      </div>
      <FieldMessages field={field} hint={hint} />
    </div>
  );
}
