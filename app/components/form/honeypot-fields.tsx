import { useRootData } from '~/lib/root-data';

/**
 * The honeypot of public forms: fields people never see (hidden by CSS, not an inline style, which the CSP
 * forbids) and bots fill in, and the signed time the page was made. The server checks them
 * (`bff/request/honeypot.server.ts`).
 */
export function HoneypotFields() {
  // Only signed-out visitors get the fields (public forms send signed-in users to the cabinet).
  const { honeypot } = useRootData();
  if (!honeypot) return null;
  const { nameFieldName, validFromFieldName, validFrom } = honeypot;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={nameFieldName}>Оставьте это поле пустым</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      <input name={validFromFieldName} type="hidden" value={validFrom} />
    </div>
  );
}
