import { afterEach, describe, expect, it, vi } from 'vitest';
import { hours } from '#shared/time';
import { createHoneypot, Honeypot, SpamError, type HoneypotInputProps } from './honeypot.server';

const secret = 's'.repeat(32);

function formWith(props: HoneypotInputProps, name = '', validFrom = props.validFrom) {
  const form = new FormData();
  form.set(props.nameFieldName, name);
  form.set(props.validFromFieldName, validFrom);
  return form;
}

afterEach(() => void vi.useRealTimers());

describe('honeypot', () => {
  it('passes a fresh, empty honeypot and refuses a filled one', () => {
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    expect(props.nameFieldName).toBe('name__confirm');
    expect(props.validFromFieldName).toBe('from__confirm');
    expect(() => honeypot.check(formWith(props))).not.toThrow();
    expect(() => honeypot.check(formWith(props, 'bot'))).toThrow(new SpamError('Honeypot input not empty'));
  });

  it('refuses a timestamp older than two hours', () => {
    vi.useFakeTimers();
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    vi.setSystemTime(Date.now() + hours(2));
    expect(() => honeypot.check(formWith(props))).not.toThrow();
    vi.setSystemTime(Date.now() + 1);
    expect(() => honeypot.check(formWith(props))).toThrow(new SpamError('Invalid honeypot valid from input'));
    vi.setSystemTime(Date.now() + 1000);
    expect(() => honeypot.check(formWith(props))).toThrow(new SpamError('Invalid honeypot valid from input'));
  });

  it('does not sign with the session secret itself', () => {
    const props = createHoneypot(secret).getInputProps();
    expect(() => createHoneypot(secret).check(formWith(props))).not.toThrow();
    expect(() => new Honeypot(secret).check(formWith(props))).toThrow(
      new SpamError('Invalid honeypot valid from input'),
    );
    // Nor with another secret's key: a signed time from another deployment is no use here.
    expect(() => createHoneypot('t'.repeat(32)).check(formWith(props))).toThrow(
      new SpamError('Invalid honeypot valid from input'),
    );
  });

  it('refuses a signed time that was changed, forged, or cut', () => {
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    const [time, signature] = props.validFrom.split('.') as [string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      `${Number(time) + hours(1)}.${signature}`, // a later time under the first one's signature
      `${Number(time) - 1}.${signature}`,
      `${time}.${flipped}`,
      `${time}.${signature.slice(1)}`,
      `${time}.${signature}=`,
      `0${time}.${signature}`,
      ` ${props.validFrom}`,
      `${time}`,
      signature,
      'U2FsdGVkX1+forged', // what remix-utils' crypto-js values looked like
      '.',
      'x'.repeat(10_000),
    ]) {
      expect(() => honeypot.check(formWith(props, '', forged)), forged).toThrow(
        new SpamError('Invalid honeypot valid from input'),
      );
    }
  });

  it('refuses a correctly signed time from the future, and a time that is no time', () => {
    const honeypot = createHoneypot(secret);
    const future = honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 });
    expect(() => honeypot.check(formWith(future))).toThrow(new SpamError('Honeypot valid from is in future'));
    const past = honeypot.getInputProps({ validFromTimestamp: Date.now() - 60_000 });
    expect(() => honeypot.check(formWith(past))).not.toThrow();
    const zero = honeypot.getInputProps({ validFromTimestamp: 0 });
    expect(() => honeypot.check(formWith(zero))).toThrow(new SpamError('Invalid honeypot valid from input'));
    const huge = honeypot.getInputProps({ validFromTimestamp: 1e17 });
    expect(() => honeypot.check(formWith(huge))).toThrow(new SpamError('Invalid honeypot valid from input'));
  });

  it('refuses a form whose honeypot fields are missing, even one of them', () => {
    const honeypot = createHoneypot(secret);
    const props = honeypot.getInputProps();
    expect(() => honeypot.check(new FormData())).toThrow(new SpamError('Missing honeypot input'));
    const withoutName = formWith(props);
    withoutName.delete(props.nameFieldName);
    expect(() => honeypot.check(withoutName)).toThrow(new SpamError('Missing honeypot input'));
    const withoutTime = formWith(props);
    withoutTime.delete(props.validFromFieldName);
    expect(() => honeypot.check(withoutTime)).toThrow(new SpamError('Missing honeypot valid from input'));
    expect(() => honeypot.check(formWith(props, '', ''))).toThrow(new SpamError('Missing honeypot valid from input'));
    const file = formWith(props);
    file.set(props.validFromFieldName, new Blob([props.validFrom]), 'time.txt');
    expect(() => honeypot.check(file)).toThrow(new SpamError('Invalid honeypot valid from input'));
  });

  it('signs every page afresh (no cache to keep): the same millisecond gives the same value, the next another', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T12:00:00.100Z'));
    const honeypot = createHoneypot(secret);
    const first = honeypot.getInputProps();
    expect(first.validFrom).toMatch(/^1795521600100\.[\w-]{43}$/);
    expect(honeypot.getInputProps()).toEqual(first);
    vi.setSystemTime(new Date('2026-11-24T12:00:00.101Z'));
    const next = honeypot.getInputProps();
    expect(next.validFrom).not.toBe(first.validFrom);
    expect(() => honeypot.check(formWith(first))).not.toThrow();
    expect(() => honeypot.check(formWith(next))).not.toThrow();
  });
});
