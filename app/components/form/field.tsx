import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { FieldLabel, FieldMessages, hintIdOf } from './field-messages';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatForMask } from '~/lib/mask';

const copy = { show: 'Показать', hide: 'Скрыть', what: ' пароль' };

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url';

interface FieldProps {
  field: FieldMetadata<string>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
  /** An input mask (`#` digit, `@` letter, `*` letter or digit), applied as the user types. */
  mask?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'url';
  /** Fields are required unless marked: the label then says «необязательно» (FormAlert states the rule). */
  optional?: boolean;
  /** The most characters the field takes, as the schema says (the browser stops typing there). */
  maxLength?: number;
  /** What follows the field's error (a way out of it, as the taken address's «Войти»). */
  children?: ReactNode;
}

/**
 * One labelled input with its hint and error, wired for assistive technology: aria-invalid, and
 * aria-describedby naming the hint and the error; required unless `optional`, in text and to assistive
 * technology. A format (a mask's, a length) belongs in the hint, in words: a placeholder disappears as the
 * user types and is never the only statement of it. The form pattern of every screen.
 */
export function Field({
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  mask,
  inputMode,
  optional,
  maxLength,
  children,
}: FieldProps) {
  const hintId = hintIdOf(field, hint);
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hintId });
  const [masked, setMasked] = useState(() =>
    mask && field.initialValue ? formatForMask(field.initialValue, mask) : null,
  );
  // Typed before the form hydrated, the digits are in the element but not in the state, and the next
  // render would set the element back to the state: take them in once, masked, as hydration ends.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (mask && typed) setMasked((shown) => (shown === typed ? shown : formatForMask(typed, mask)));
  }, [mask]);
  // «Показать пароль»: the field's own type turns to text and back, so the browser keeps treating it as
  // a password (managers, no history) while hidden. Without JavaScript nothing can do that: no dead button then.
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(false);
  const password = type === 'password';
  const maskProps = mask
    ? {
        ref: input,
        value: masked ?? '',
        defaultValue: undefined,
        placeholder: mask.replace(/[#@*]/g, '_'),
        onChange: (event: ChangeEvent<HTMLInputElement>) => setMasked(formatForMask(event.target.value, mask)),
      }
    : {};
  const control = (
    <input
      key={key}
      ref={input}
      {...props}
      aria-required={!optional}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      {...maskProps}
      {...(revealed ? { type: 'text', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {})}
    />
  );
  return (
    <div className="field">
      <FieldLabel htmlFor={field.id} label={label} optional={optional} />
      {password ? (
        // The toggle sits inside the field's box: its arrival at hydration moves nothing, so a tap aimed at what
        // follows the field cannot land on the space it pushed that down from.
        <div className="password-control">
          {control}
          {hydrated ? (
            <button
              type="button"
              className="password-toggle"
              aria-controls={field.id}
              onClick={() => setRevealed((shown) => !shown)}
            >
              {revealed ? copy.hide : copy.show}
              <span className="visually-hidden">{copy.what}</span>
            </button>
          ) : null}
        </div>
      ) : (
        control
      )}
      <FieldMessages field={field} hint={hint} />
      {children}
    </div>
  );
}
