import { Form, Link } from '@remix-run/react';

const copy = {
  confirmTitle: 'Завершить диктант?',
  confirm: 'Текст сохранён. После завершения его нельзя будет изменить.',
  confirmYes: 'Да, завершить',
  confirmNo: 'Вернуться к тексту',
};

/**
 * «Завершить диктант?» of the writing page without JavaScript (`routes/default/dictation-writing.tsx`): the
 * confirmation is a page of its own, the text already saved; «Да, завершить» posts the `finish` intent with the text
 * and its revision (schema: `dictation-writer.schema.ts`).
 */
export function ConfirmFinish({ text, revision }: { text: string; revision: number }) {
  return (
    <Form method="post" className="card dictation-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{copy.confirmTitle}</h2>
      <p>{copy.confirm}</p>
      <input type="hidden" name="text" value={text} />
      <input type="hidden" name="revision" value={revision} />
      <input type="hidden" name="confirmed" value="1" />
      <div className="form-actions">
        <button type="submit" name="intent" value="finish" className="button">
          {copy.confirmYes}
        </button>
        <Link to="." className="button button--quiet">
          {copy.confirmNo}
        </Link>
      </div>
    </Form>
  );
}
