import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

/**
 * The one form pattern: conform with the same zod schema the action parses, validating a field when it loses
 * focus and again on every input once it has shown an error. Without JavaScript the action's reply does it all.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
