import type { SupportRequest, SupportTopic } from '#contract';
import type { Db } from './open';

interface RequestRow {
  id: number;
  topic: string;
  topic_title: string;
  message: string;
  status: SupportRequest['status'];
  created_at: number;
  updated_at: number;
  reply: string | null;
  unseen: 0 | 1;
}

const iso = (time: number) => new Date(time).toISOString();

function toRequest(row: RequestRow): SupportRequest {
  return {
    id: row.id,
    topic: { slug: row.topic, title: row.topic_title },
    message: row.message,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reply: row.reply,
    unseen: row.unseen === 1,
  };
}

const SELECT = `SELECT r.*, t.title AS topic_title FROM support_requests r JOIN support_topics t ON t.slug = r.topic`;

export function listSupportTopics(db: Db): SupportTopic[] {
  return db.prepare('SELECT slug, title FROM support_topics ORDER BY position').all() as SupportTopic[];
}

/** The user's own requests, newest first. */
export function listSupportRequests(db: Db, userId: number): SupportRequest[] {
  const rows = db.prepare(`${SELECT} WHERE r.user_id = ? ORDER BY r.created_at DESC, r.id DESC`).all(userId);
  return (rows as RequestRow[]).map(toRequest);
}

export function countOpenSupportRequests(db: Db, userId: number): number {
  return db.value("SELECT count(*) FROM support_requests WHERE user_id = ? AND status != 'resolved'", userId) as number;
}

export function insertSupportRequest(
  db: Db,
  request: { userId: number; topic: string; message: string },
  now: number,
): SupportRequest {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO support_requests (user_id, topic, message, status, created_at, updated_at)
       VALUES (?, ?, ?, 'new', ?, ?)`,
    )
    .run(request.userId, request.topic, request.message, now, now);
  return findSupportRequest(db, Number(lastInsertRowid))!;
}

export function findSupportRequest(db: Db, id: number): (SupportRequest & { userId: number }) | undefined {
  const row = db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as (RequestRow & { user_id: number }) | undefined;
  return row && { ...toRequest(row), userId: row.user_id };
}

/** What staff change: a reply, a status or both; the user sees it as new until they have looked (ADR 026). */
export function updateSupportRequest(
  db: Db,
  id: number,
  change: { status: SupportRequest['status']; reply: string | null },
  now: number,
): void {
  db.prepare('UPDATE support_requests SET status = ?, reply = ?, updated_at = ?, unseen = 1 WHERE id = ?').run(
    change.status,
    change.reply,
    now,
    id,
  );
}
