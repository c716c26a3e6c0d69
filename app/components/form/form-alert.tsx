/** Errors that belong to the whole form (not one field), announced to screen readers. */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] }) {
  return (
    <div id={id} className="form-alert" role="alert">
      {errors?.length ? errors.map((message) => <p key={message}>{message}</p>) : null}
    </div>
  );
}

/** A confirmation after a form was handled (for instance, «Код отправлен»). */
export function FormNotice({ children }: { children: string }) {
  return (
    <p className="form-notice" role="status">
      {children}
    </p>
  );
}
