import type { Profile } from '#contract';
import { pendingEmail } from './email-confirmations';
import { retireMailedLinks } from './mailed-links';
import type { Db } from './open';

export type Role = Profile['role'];

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  role: Role;
  first_name: string;
  last_name: string;
  middle_name: string;
  phone: string;
  city: string;
  organization: string;
  /** When the address was confirmed, or null while it is not. */
  email_confirmed_at: number | null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  role: Role;
  firstName: string;
  lastName: string;
  middleName?: string;
  phone?: string;
  city?: string;
  organization?: string;
  /** A demo account's address counts as confirmed; a registration's waits for its link. */
  emailConfirmed?: boolean;
}

export type ProfileFields = Pick<Profile, 'firstName' | 'lastName' | 'middleName' | 'phone' | 'city' | 'organization'>;

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

/** Returns the new id, or null when the address is taken (checked by the UNIQUE index, so races are safe too). */
export function createUser(db: Db, user: NewUser, now: number): number | null {
  const row = db
    .prepare(
      `INSERT INTO users (email, password_hash, role, first_name, last_name, middle_name, phone, city, organization,
         email_confirmed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
    )
    .get(
      user.email,
      user.passwordHash,
      user.role,
      user.firstName,
      user.lastName,
      user.middleName ?? '',
      user.phone ?? '',
      user.city ?? '',
      user.organization ?? '',
      user.emailConfirmed ? now : null,
      now,
      now,
    ) as { id: number } | undefined;
  return row?.id ?? null;
}

export function updateProfileFields(db: Db, userId: number, fields: ProfileFields, now: number): void {
  db.prepare(
    `UPDATE users SET first_name = ?, last_name = ?, middle_name = ?, phone = ?, city = ?, organization = ?,
       updated_at = ?
     WHERE id = ?`,
  ).run(
    fields.firstName,
    fields.lastName,
    fields.middleName,
    fields.phone,
    fields.city,
    fields.organization,
    now,
    userId,
  );
}

/**
 * Replaces the address: false when another account has it (the UNIQUE index decides, so a race is safe).
 */
/** A new sign-in address, unless another account has it; what was mailed to the old one stops working. */
export function setEmail(db: Db, userId: number, email: string, now: number): boolean {
  const taken = db.prepare('SELECT 1 FROM users WHERE email = ? AND id <> ?').get(email, userId);
  if (taken) return false;
  db.prepare('UPDATE users SET email = ?, updated_at = ? WHERE id = ?').run(email, now, userId);
  retireMailedLinks(db, userId, now);
  return true;
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string, now: number): void {
  db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(passwordHash, now, userId);
}

export function setPopup(db: Db, userId: number, name: string, value: boolean): void {
  db.prepare(
    `INSERT INTO popups (user_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value`,
  ).run(userId, name, value ? 1 : 0);
}

export function readProfile(db: Db, userId: number, now: number): Profile | undefined {
  const user = findUserById(db, userId);
  if (!user) return undefined;
  const popups = db.prepare('SELECT name, value FROM popups WHERE user_id = ?').all(userId) as Array<{
    name: string;
    value: number;
  }>;
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    middleName: user.middle_name,
    phone: user.phone,
    city: user.city,
    organization: user.organization,
    role: user.role,
    emailConfirmed: user.email_confirmed_at !== null,
    pendingEmail: pendingEmail(db, userId, now),
    popups: Object.fromEntries(popups.map((p) => [p.name, p.value === 1])),
  };
}

/** Whether mail that only a confirmed address gets (ADR 215) may go to this user. */
export function hasConfirmedEmail(user: Pick<UserRow, 'email_confirmed_at'>): boolean {
  return user.email_confirmed_at !== null;
}
