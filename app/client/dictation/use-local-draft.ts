import { useCallback, useEffect, useState } from 'react';
import { dropDraft, readDraft } from './local-draft';

/**
 * On opening the writing page: a text this browser kept and the server never got comes back. Typed
 * over what the server still holds, it goes into the field and is sent at once; typed over an older text than
 * the server's (another device saved since), it is offered, and the participant chooses.
 */
export function useLocalDraft(options: {
  participationId: number;
  fieldId: string;
  text: string;
  revision: number;
  /** Sends the field's text now. */
  save: () => Promise<void>;
}) {
  const { participationId, fieldId, save } = options;
  const [offer, setOffer] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);

  const put = useCallback(
    (text: string) => {
      const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
      if (!field) return;
      field.value = text;
      // Let the form's validation and the local copy see the change as if typed.
      field.dispatchEvent(new Event('input', { bubbles: true }));
      setRestored(true);
      void save();
    },
    [fieldId, save],
  );

  // Once, on opening: later renders carry the texts this page saved itself.
  useEffect(() => {
    const draft = readDraft(participationId);
    if (!draft) return;
    if (draft.text === options.text) dropDraft(participationId);
    else if (draft.baseRevision >= options.revision) put(draft.text);
    else setOffer(draft.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [participationId]);

  return {
    offer,
    restored,
    accept: () => {
      if (offer !== null) put(offer);
      setOffer(null);
    },
    dismiss: () => {
      dropDraft(participationId);
      setOffer(null);
    },
  };
}
