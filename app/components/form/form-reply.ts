import type { SubmissionResult } from '@conform-to/react';
import type { FormReply } from '#bff/request/forms.server';

/**
 * The reply an action's `handleForm` gave (`FormReply`), for the form it belongs to: one of `intents` (any form
 * when none is named) and, for a form repeated on the page (one per event), the one whose `field` was sent with
 * `value`. Anything else the action answered (a confirmation, another form's reply) is no reply of this form's.
 */
export function formReply(
  actionData: unknown,
  { intents, field }: { intents?: string[]; field?: [name: string, value: string | number] } = {},
): SubmissionResult<string[]> | undefined {
  if (!isFormReply(actionData)) return undefined;
  if (intents && !intents.includes(actionData.intent ?? '')) return undefined;
  if (field && actionData.result.initialValue?.[field[0]] !== String(field[1])) return undefined;
  return actionData.result;
}

/** Every message of a reply, the form's own first: for a form without fields to put them next to. */
export function replyMessages(result: SubmissionResult<string[]> | undefined): string[] {
  return Object.values(result?.error ?? {}).flatMap((messages) => messages ?? []);
}

function isFormReply(value: unknown): value is FormReply {
  return typeof value === 'object' && value !== null && 'result' in value && 'intent' in value;
}
