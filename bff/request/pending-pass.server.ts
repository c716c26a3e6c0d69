import { z } from 'zod';
import { contract } from '#contract';
import type { Config } from '../config.server';
import { minutes } from '#shared/time';
import type { RequestSession } from '../session/session.server';

/** How long a pass link's page waits for «Войти»; the pass itself expires whenever the upstream says. */
const LIFETIME = minutes(30);
const schema = z.object({ pass: contract.pass.body.shape.pass, to: z.string() });

/**
 * A pass link's pass between opening the link and «Войти» (docs/product.md §4.1, ADR 213): opening it spends
 * nothing, since mail scanners and link previews open links too; the pass waits, sealed, with the page to go to.
 */
export function pendingPass(context: { config: Pick<Config, 'session'>; session: Pick<RequestSession, 'note'> }) {
  return context.session.note(context.config.session.passCookie, schema, LIFETIME);
}

/** Whether an upstream could have issued this pass at all: one that is not is "link not valid" without a call. */
export const isPossiblePass = (pass: string) => contract.pass.body.safeParse({ pass }).success;
