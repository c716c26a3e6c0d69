import type { HoneypotInputProps } from 'remix-utils/honeypot/server';

/**
 * The honeypot of public forms: fields people never see (hidden by CSS, not an inline style, which the CSP
 * forbids) and bots fill in. The server checks them with remix-utils' Honeypot.
 */
export function HoneypotFields({ nameFieldName, validFromFieldName, encryptedValidFrom }: HoneypotInputProps) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={nameFieldName}>Оставьте это поле пустым</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName ? (
        <input name={validFromFieldName} type="hidden" value={encryptedValidFrom} readOnly />
      ) : null}
    </div>
  );
}
