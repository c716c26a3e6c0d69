import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { deriveKey } from '../config.server';
import { hours } from '#shared/time';
import type { GuardedForm } from './rate-limit.server';

/** A form left open longer than this is sent again from a fresh page («Обновите страницу…»). */
const HONEYPOT_MAX_AGE = hours(2);

/** The field people never see and bots fill in, and the signed time the page was made (remix-utils' names). */
const NAME_FIELD = 'name__confirm';
const VALID_FROM_FIELD = 'from__confirm';

/** What the signature covers besides the time, so that no other HMAC under the same key can pass for one. */
const SIGNED_LABEL = 'portal honeypot valid-from ';

/** `<milliseconds since 1970>.<HMAC-SHA-256 in base64url>` */
const SIGNED_TIME = /^([1-9]\d{0,15})\.([\w-]{43})$/;

/** Why a submission was taken for a bot's (logged as «honeypot tripped»; the visitor sees one message for all). */
export class SpamError extends Error {
  override name = 'SpamError';
}

export interface HoneypotInputProps {
  nameFieldName: string;
  validFromFieldName: string;
  /** The time the page was made, signed: a bot cannot make one up, nor keep a harvested one past two hours. */
  validFrom: string;
}

/**
 * The honeypot of public forms (ADR 220, which replaced remix-utils' and its crypto-js): an empty field that
 * bots fill in, and the time the page was made, signed with HMAC-SHA-256 under a key derived from the session
 * secret (every page publishes a signed time, which must not become a way to guess SESSION_SECRET). The time is
 * no secret, so it is signed, not encrypted; a signature costs a few microseconds, so every page signs its own.
 * A signed time expires after two hours (otherwise one harvested value would pass forever), and one from the
 * future (a forged clock) never passes.
 */
export class Honeypot {
  readonly #key: string;

  constructor(key: string) {
    this.#key = key;
  }

  getInputProps({ validFromTimestamp = Date.now() }: { validFromTimestamp?: number } = {}): HoneypotInputProps {
    const time = String(Math.trunc(validFromTimestamp));
    return {
      nameFieldName: NAME_FIELD,
      validFromFieldName: VALID_FROM_FIELD,
      validFrom: `${time}.${this.#sign(time)}`,
    };
  }

  /** Throws a SpamError unless both fields are there, the first empty and the second a valid signed time. */
  check(formData: FormData): void {
    const name = formData.get(NAME_FIELD);
    if (name === null) throw new SpamError('Missing honeypot input');
    if (name !== '') throw new SpamError('Honeypot input not empty');
    const validFrom = formData.get(VALID_FROM_FIELD);
    if (!validFrom) throw new SpamError('Missing honeypot valid from input');
    const time = typeof validFrom === 'string' ? this.#verify(validFrom) : null;
    if (time === null || Date.now() - time > HONEYPOT_MAX_AGE) {
      throw new SpamError('Invalid honeypot valid from input');
    }
    if (time > Date.now()) throw new SpamError('Honeypot valid from is in future');
  }

  #sign(time: string): string {
    return createHmac('sha256', this.#key)
      .update(SIGNED_LABEL + time)
      .digest('base64url');
  }

  /** The signed time, or null when the value is not one signed under this key. */
  #verify(value: string): number | null {
    const match = SIGNED_TIME.exec(value);
    if (!match) return null;
    const [, time, signature] = match as unknown as [string, string, string];
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(this.#sign(time)))) return null;
    const ms = Number(time);
    return Number.isSafeInteger(ms) ? ms : null;
  }
}

export function createHoneypot(sessionSecret: string): Honeypot {
  return new Honeypot(deriveKey(sessionSecret, 'honeypot'));
}

/** The honeypot of a public form, checked before anything reaches the upstream. */
export function passesHoneypot(context: AppLoadContext, formData: FormData, form: GuardedForm): boolean {
  try {
    // Unlike remix-utils' check, ours refuses a form whose honeypot fields are missing altogether.
    context.honeypot.check(formData);
    return true;
  } catch {
    context.log.warn({ form }, 'honeypot tripped');
    return false;
  }
}
