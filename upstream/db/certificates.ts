import type { Db } from './open';

export interface CertificateRow {
  user_id: number;
  number: string;
  event: string;
  hours: number;
  issued_on: string;
}

export function findCertificate(db: Db, userId: number): CertificateRow | undefined {
  return db.prepare('SELECT * FROM certificates WHERE user_id = ?').get(userId) as CertificateRow | undefined;
}

export function insertCertificateIfMissing(db: Db, row: CertificateRow): void {
  db.prepare(
    `INSERT INTO certificates (user_id, number, event, hours, issued_on) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO NOTHING`,
  ).run(row.user_id, row.number, row.event, row.hours, row.issued_on);
}

export function findCertificateByNumber(db: Db, number: string): CertificateRow | undefined {
  return db.prepare('SELECT * FROM certificates WHERE number = ?').get(number) as CertificateRow | undefined;
}
