import { createHmac } from 'node:crypto';
import { Honeypot } from 'remix-utils/honeypot/server';
import { hours } from '../time';

/** A form left open longer than this is sent again from a fresh page («Обновите страницу…»). */
const HONEYPOT_MAX_AGE = hours(2);

/**
 * remix-utils' honeypot with two changes: its timestamp expires (otherwise one harvested value would pass
 * forever), and its encryption key is derived from the session secret instead of being the secret itself
 * (every page publishes an encrypted timestamp, which must not become a way to guess SESSION_SECRET).
 */
class ExpiringHoneypot extends Honeypot {
  protected override isValidTimeStamp(timestamp: number): boolean {
    return super.isValidTimeStamp(timestamp) && Date.now() - timestamp <= HONEYPOT_MAX_AGE;
  }
}

export function createHoneypot(sessionSecret: string): Honeypot {
  return new ExpiringHoneypot({
    encryptionSeed: createHmac('sha256', sessionSecret).update('honeypot').digest('base64url'),
  });
}
