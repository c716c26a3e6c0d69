import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hours } from '#shared/time';
import { createHoneypot } from './honeypot.server';

const secret = 's'.repeat(32);

function formWith(props: ReturnType<ReturnType<typeof createHoneypot>['getInputProps']>, name = '') {
  const form = new FormData();
  form.set(props.nameFieldName, name);
  form.set(props.validFromFieldName!, props.encryptedValidFrom);
  return form;
}

afterEach(() => void vi.useRealTimers());

describe('honeypot', () => {
  it('passes a fresh, empty honeypot and refuses a filled one', () => {
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    expect(() => honeypot.check(formWith(props))).not.toThrow();
    expect(() => honeypot.check(formWith(props, 'bot'))).toThrow(new SpamError('Honeypot input not empty'));
  });

  it('refuses a timestamp older than two hours', () => {
    vi.useFakeTimers();
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    vi.setSystemTime(Date.now() + hours(2) + 1000);
    expect(() => honeypot.check(formWith(props))).toThrow(new SpamError('Invalid honeypot valid from input'));
  });

  it('does not encrypt with the session secret itself', () => {
    const props = createHoneypot(secret).getInputProps();
    expect(() => createHoneypot(secret).check(formWith(props))).not.toThrow();
    // Decrypted under the wrong key, the timestamp is garbage: either bytes that are not UTF-8 (crypto-js says so)
    // or text that is no date (remix-utils says so), depending on the random IV.
    expect(() => new Honeypot({ encryptionSeed: secret }).check(formWith(props))).toThrow(
      /^(Invalid honeypot valid from input|Malformed UTF-8 data)$/,
    );
  });

  it('encrypts the fields once a second, and a page of the next second gets new ones', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T12:00:00.100Z'));
    const honeypot = createHoneypot(secret);
    const first = honeypot.getInputProps();
    vi.setSystemTime(new Date('2026-11-24T12:00:00.900Z'));
    expect(honeypot.getInputProps()).toBe(first);
    vi.setSystemTime(new Date('2026-11-24T12:00:01.000Z'));
    const next = honeypot.getInputProps();
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);
    expect(() => honeypot.check(formWith(first))).not.toThrow();
    expect(() => honeypot.check(formWith(next))).not.toThrow();
  });
});
