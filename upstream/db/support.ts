import type { SupportRequest, SupportTopic } from '#contract';
import type { Db } from './open';

interface RequestRow {
  id: number;
  topic: string;
  topic_title: string;
  message: string;
  reply_to: string | null;
  status: SupportRequest['status'];
  created_at: number;
  updated_at: number;
  reply: string | null;
}

const iso = (time: number) => new Date(time).toISOString();

function toRequest(row: RequestRow): SupportRequest {
  return {
    id: row.id,
    topic: { slug: row.topic, title: row.topic_title },
    message: row.message,
    replyTo: row.reply_to,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reply: row.reply,
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

export function insertSupportRequest(
  db: Db,
  request: { userId: number; topic: string; message: string; replyTo: string | null },
  now: number,
): SupportRequest {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO support_requests (user_id, topic, message, reply_to, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'new', ?, ?)`,
    )
    .run(request.userId, request.topic, request.message, request.replyTo, now, now);
  return toRequest(db.prepare(`${SELECT} WHERE r.id = ?`).get(lastInsertRowid) as RequestRow);
}
