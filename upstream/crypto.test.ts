import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  randomSixDigitCode,
  randomToken,
  safeEqualHex,
  sha256,
  verifyAgainstDummy,
  verifyPassword,
} from './crypto';

describe('crypto', () => {
  it('makes 32-byte base64url tokens', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).not.toBe(randomToken());
  });

  it('hashes passwords with scrypt and a fresh salt', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('correct horse', 'bcrypt$whatever')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('makes six-digit codes and compares hashes safely', () => {
    for (let i = 0; i < 50; i += 1) expect(randomSixDigitCode()).toMatch(/^\d{6}$/);
    expect(safeEqualHex(sha256('a'), sha256('a'))).toBe(true);
    expect(safeEqualHex(sha256('a'), sha256('b'))).toBe(false);
    expect(safeEqualHex(sha256('a'), 'ab')).toBe(false);
  });
});
