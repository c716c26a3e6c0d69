import { useNavigation } from '@remix-run/react';

const copy = { pending: 'Отправка…', saved: 'Сохранено' };

/**
 * The submit button of every form: busy while the form is being sent, and `Сохранено` (docs/product.md §5) once the
 * server saved it, until the user changes something.
 */
export function SubmitButton({
  label,
  saved = false,
  formAction,
}: {
  label: string;
  saved?: boolean;
  formAction?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && (!formAction || navigation.formAction === formAction);
  return (
    <button type="submit" className="button" aria-disabled={pending || undefined} data-saved={saved || undefined}>
      {pending ? copy.pending : saved ? copy.saved : label}
    </button>
  );
}
