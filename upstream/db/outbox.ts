import type { Db } from './open';

/** Mail the upstream would send; in the reference server it is only stored, and read back through the dev tools. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

export function writeMessage(db: Db, message: { to: string; subject: string; body: string }, now: number): void {
  db.prepare('INSERT INTO outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)').run(
    message.to,
    message.subject,
    message.body,
    now,
  );
}

export function listMessages(db: Db, to?: string): OutboxMessage[] {
  const rows = db
    .prepare(
      `SELECT id, recipient, subject, body, created_at FROM outbox
       WHERE @to IS NULL OR recipient = @to
       ORDER BY created_at DESC, id DESC`,
    )
    .all({ to: to ?? null }) as Array<{
    id: number;
    recipient: string;
    subject: string;
    body: string;
    created_at: number;
  }>;
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
