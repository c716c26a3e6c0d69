import { useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

type Validate = (formData: FormData) => Submission<unknown>;

/**
 * The one form pattern: conform with the same zod schema the action parses, validating a field when it loses
 * focus and again on every input once it has shown an error.
 *
 * The schema arrives after hydration, in a chunk of its own: zod and conform's zod adapter weigh more than the
 * first-load JavaScript budget leaves (docs/architecture.md §9). Until then — and always without JavaScript — the action
 * validates and its reply puts the messages next to the fields.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let mounted = true;
    Promise.all([loadSchema(), import('@conform-to/zod')])
      .then(([schema, { parseWithZod }]) => {
        if (mounted) setValidate(() => (formData: FormData) => parseWithZod(formData, { schema }));
      })
      // Offline or a new deployment: the server still validates every submission.
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [loadSchema]);

  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
}
