import type { SupportMessage, SupportRequest, SupportTopic } from '#contract';
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

/** The thread after the first message; a reply written before threads (the seeds) is its one message. */
function threadOf(db: Db, row: RequestRow): SupportMessage[] {
  const messages = db
    .prepare('SELECT author, text, created_at FROM support_messages WHERE request_id = ? ORDER BY id')
    .all(row.id) as Array<{ author: SupportMessage['from']; text: string; created_at: number }>;
  if (messages.length === 0 && row.reply !== null)
    return [{ from: 'support', text: row.reply, at: iso(row.updated_at) }];
  return messages.map((m) => ({ from: m.author, text: m.text, at: iso(m.created_at) }));
}

/** Keeps a reply written before threads as the thread's first message, before another is added. */
function keepEarlierReply(db: Db, id: number): void {
  const row = db.prepare('SELECT reply, updated_at FROM support_requests WHERE id = ?').get(id) as
    { reply: string | null; updated_at: number } | undefined;
  const count = db.value('SELECT count(*) FROM support_messages WHERE request_id = ?', id) as number;
  if (row && row.reply !== null && count === 0) {
    db.prepare("INSERT INTO support_messages (request_id, author, text, created_at) VALUES (?, 'support', ?, ?)").run(
      id,
      row.reply,
      row.updated_at,
    );
  }
}

function toRequest(db: Db, row: RequestRow): SupportRequest {
  return {
    id: row.id,
    topic: { slug: row.topic, title: row.topic_title },
    message: row.message,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reply: row.reply,
    thread: threadOf(db, row),
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
  return (rows as RequestRow[]).map((row) => toRequest(db, row));
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
  return row && { ...toRequest(db, row), userId: row.user_id };
}

/** What staff change: a reply, a status or both; the user sees it as new until they have looked. */
export function updateSupportRequest(
  db: Db,
  id: number,
  change: { status: SupportRequest['status']; reply: string | null },
  now: number,
): void {
  const before = findSupportRequest(db, id);
  if (change.reply !== null && before && change.reply !== before.reply) {
    keepEarlierReply(db, id);
    db.prepare("INSERT INTO support_messages (request_id, author, text, created_at) VALUES (?, 'support', ?, ?)").run(
      id,
      change.reply,
      now,
    );
  }
  db.prepare('UPDATE support_requests SET status = ?, reply = ?, updated_at = ?, unseen = 1 WHERE id = ?').run(
    change.status,
    change.reply,
    now,
    id,
  );
}

/** The user answers back: the message joins the thread and the request is open again, «Новое». */
export function answerSupportRequest(db: Db, id: number, message: string, now: number): SupportRequest {
  keepEarlierReply(db, id);
  db.prepare("INSERT INTO support_messages (request_id, author, text, created_at) VALUES (?, 'user', ?, ?)").run(
    id,
    message,
    now,
  );
  db.prepare("UPDATE support_requests SET status = 'new', updated_at = ?, unseen = 0 WHERE id = ?").run(now, id);
  return findSupportRequest(db, id)!;
}
