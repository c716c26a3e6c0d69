import type { AppLoadContext } from '@remix-run/node';
import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server';
import { deriveKey } from '../config.server';
import { hours } from '#shared/time';
import type { GuardedForm } from './rate-limit.server';

/** A form left open longer than this is sent again from a fresh page («Обновите страницу…»). */
const HONEYPOT_MAX_AGE = hours(2);

/**
 * remix-utils' honeypot with three changes: its timestamp expires (otherwise one harvested value would pass
 * forever), its encryption key is derived from the session secret instead of being the secret itself (every page
 * publishes an encrypted timestamp, which must not become a way to guess SESSION_SECRET), and the fields of one
 * second are encrypted once: crypto-js's AES with its key derivation cost about a twentieth of a public page's CPU
 * time (ADR 031), and a timestamp one second old changes nothing about a two-hour limit.
 */
class ExpiringHoneypot extends Honeypot {
  private current: { second: number; props: HoneypotInputProps } | null = null;

  override getInputProps(options?: { validFromTimestamp?: number }): HoneypotInputProps {
    if (options?.validFromTimestamp !== undefined) return super.getInputProps(options);
    const second = Math.floor(Date.now() / 1000);
    if (this.current?.second !== second) this.current = { second, props: super.getInputProps() };
    return this.current.props;
  }

  protected override isValidTimeStamp(timestamp: number): boolean {
    return super.isValidTimeStamp(timestamp) && Date.now() - timestamp <= HONEYPOT_MAX_AGE;
  }
}

export function createHoneypot(sessionSecret: string): Honeypot {
  return new ExpiringHoneypot({
    encryptionSeed: deriveKey(sessionSecret, 'honeypot'),
  });
}

/** The honeypot of a public form, checked before anything reaches the upstream. */
export function passesHoneypot(context: AppLoadContext, formData: FormData, form: GuardedForm): boolean {
  try {
    // remix-utils skips its check when the honeypot fields are missing altogether; a real form always has them.
    if (!formData.has(context.honeypot.getInputProps().nameFieldName)) throw new Error('honeypot fields missing');
    context.honeypot.check(formData);
    return true;
  } catch {
    context.log.warn({ form }, 'honeypot tripped');
    return false;
  }
}
