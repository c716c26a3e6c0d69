import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { hours } from '#shared/time';
import { createSealer } from './seal.server';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const payload = z.object({ uid: z.number(), at: z.string() });

describe('sealer', () => {
  it('round-trips and hides the payload', async () => {
    const sealer = createSealer([A]);
    const sealed = await sealer.seal({ uid: 7, at: 'secret-token' }, hours(1));
    expect(sealed).not.toContain('secret-token');
    expect(await sealer.unseal(sealed, payload)).toEqual({ uid: 7, at: 'secret-token' });
  });

  it('detects tampering', async () => {
    const sealer = createSealer([A]);
    const sealed = await sealer.seal({ uid: 7, at: 't' }, hours(1));
    const parts = sealed.split('*');
    parts[4] = parts[4]!.slice(0, -2) + (parts[4]!.endsWith('AA') ? 'BB' : 'AA');
    expect(await sealer.unseal(parts.join('*'), payload)).toBeNull();
    expect(await sealer.unseal('garbage', payload)).toBeNull();
  });

  it('refuses a seal made with an unknown secret', async () => {
    const sealed = await createSealer([B]).seal({ uid: 1, at: 't' }, hours(1));
    expect(await createSealer([A]).unseal(sealed, payload)).toBeNull();
  });

  it('unseals with an older secret after rotation', async () => {
    const sealed = await createSealer([A]).seal({ uid: 1, at: 't' }, hours(1));
    expect(await createSealer([B, A]).unseal(sealed, payload)).toEqual({ uid: 1, at: 't' });
  });

  it('refuses an expired seal', async () => {
    vi.useFakeTimers();
    try {
      const sealer = createSealer([A]);
      const sealed = await sealer.seal({ uid: 1, at: 't' }, hours(68));
      vi.setSystemTime(Date.now() + hours(68) + 120_000);
      expect(await sealer.unseal(sealed, payload)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a seal it verified before once it has expired', async () => {
    vi.useFakeTimers();
    try {
      const sealer = createSealer([A]);
      const sealed = await sealer.seal({ uid: 1, at: 't' }, hours(1));
      expect(await sealer.unseal(sealed, payload)).toEqual({ uid: 1, at: 't' });
      vi.setSystemTime(Date.now() + hours(1) + 120_000);
      expect(await sealer.unseal(sealed, payload)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('verifies a seal once: the same text again gives its payload without the key derivation', async () => {
    const sealer = createSealer([A]);
    const sealed = await sealer.seal({ uid: 7, at: 't' }, hours(1));
    const deriveKey = vi.spyOn(crypto.subtle, 'deriveKey');
    try {
      expect(await sealer.unseal(sealed, payload)).toEqual({ uid: 7, at: 't' });
      const derivations = deriveKey.mock.calls.length;
      expect(derivations).toBeGreaterThan(0);
      expect(await sealer.unseal(sealed, payload)).toEqual({ uid: 7, at: 't' });
      expect(deriveKey.mock.calls.length).toBe(derivations);
      // A tampered copy of a verified seal is verified in full, and refused.
      const parts = sealed.split('*');
      parts[4] = parts[4]!.slice(0, -2) + (parts[4]!.endsWith('AA') ? 'BB' : 'AA');
      expect(await sealer.unseal(parts.join('*'), payload)).toBeNull();
      expect(deriveKey.mock.calls.length).toBeGreaterThan(derivations);
    } finally {
      deriveKey.mockRestore();
    }
  });

  it('refuses a payload of the wrong shape', async () => {
    const sealer = createSealer([A]);
    expect(await sealer.unseal(await sealer.seal({ uid: 'x' }, hours(1)), payload)).toBeNull();
  });
});
