const copy = { answer: 'Новый ответ', status: 'Новый статус' };

/** Marks an author question or a support request that staff changed since the user last looked. */
export function NewMark({ answered }: { answered: boolean }) {
  return (
    <p className="request__new">
      <strong>{answered ? copy.answer : copy.status}</strong>
    </p>
  );
}
