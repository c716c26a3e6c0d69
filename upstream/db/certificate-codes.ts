import { randomBytes } from 'node:crypto';
import type { Services } from '../services';
import type { Db } from './open';

/**
 * The certificates' verification codes: 128 random bits in base64url, one per certificate, issued the first time
 * its PDF is made and the same ever after. Stored as they are: the PDF is made on request and prints the code
 * again, and a code opens nothing but the public page with a masked name.
 */

export type CertificateKind = 'offline' | 'dictation' | 'webinar' | 'test';

export function issueCertificateCode(db: Db, kind: CertificateKind, ref: number, now: number): string {
  db.prepare('INSERT OR IGNORE INTO certificate_codes (code, kind, ref, issued_at) VALUES (?, ?, ?, ?)').run(
    randomBytes(16).toString('base64url'),
    kind,
    ref,
    now,
  );
  return db.value('SELECT code FROM certificate_codes WHERE kind = ? AND ref = ?', kind, ref) as string;
}

export function findCertificateCode(db: Db, code: string): { kind: CertificateKind; ref: number } | undefined {
  return db.prepare('SELECT kind, ref FROM certificate_codes WHERE code = ?').get(code) as
    { kind: CertificateKind; ref: number } | undefined;
}

/** The address printed on the certificate: the portal's public page of its code. */
export function verifyUrlOf(services: Services, kind: CertificateKind, ref: number): string {
  return `${services.portalOrigin}/certificates/${issueCertificateCode(services.db, kind, ref, services.now())}`;
}
