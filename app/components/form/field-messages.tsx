import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

/** The id of a field's hint, which its input names in aria-describedby (with the error's). */
export function hintIdOf(field: FieldMetadata<unknown>, hint: string | undefined): string | undefined {
  return hint ? `${field.id}-hint` : undefined;
}

const copy = { optional: '(необязательно)' };

/** A field's label; an optional field says so in words (FormAlert states that the others are required). */
export function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {optional ? <span className="field-optional"> {copy.optional}</span> : null}
    </label>
  );
}

/** A field's hint and its error, below the input: the error region is always there, so nothing shifts. */
export function FieldMessages({ field, hint }: { field: FieldMetadata<unknown>; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintIdOf(field, hint)} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={field.errorId} className="field-error" aria-live="polite">
        {field.errors?.join(' ')}
      </p>
    </>
  );
}
