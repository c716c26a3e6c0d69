import { useState } from 'react';

/** An action's answer after it saved the form: conform's reply plus `saved`. */
export function isSavedReply(reply: unknown): boolean {
  return typeof reply === 'object' && reply !== null && 'saved' in reply && reply.saved === true;
}

/**
 * The saved state of a form (spec §5: the button reads «Сохранено»): on after the action saved, off again
 * once the user edits a field. Without JavaScript the page after the post is simply in the saved state.
 * Put `onInput` on the form.
 */
export function useSavedState(actionData: unknown) {
  const [editedAfter, setEditedAfter] = useState<unknown>(null);
  const saved = isSavedReply(actionData) && editedAfter !== actionData;
  return { saved, onInput: () => saved && setEditedAfter(actionData) };
}
