import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import type { Config } from '../config.server';
import type { RequestSession } from '../session/session.server';
import { minutes } from '#shared/time';

/** Long enough to sign in again, recovery of a forgotten password included. */
const LIFETIME = minutes(30);
/** What a browser keeps of one cookie, less its name and attributes: a longer form is not kept. */
const MAX_SEALED = 3_800;
const schema = z.object({ path: z.string(), packed: z.string() });

/** Fields never kept: secrets, and the honeypot's. */
const NOT_KEPT = /password|^code$|__confirm$/i;

/**
 * A form sent after its sender's session ended (no JavaScript: the page posts and is sent to sign in), kept in a
 * sealed short-lived cookie until they are back on its page: its text fields, compressed, never a secret.
 * `remember` says whether it was kept (a very long text is not: a cookie holds about 4 KB).
 */
export function unsentForm(context: { config: Pick<Config, 'session'>; session: Pick<RequestSession, 'note'> }) {
  const note = context.session.note(context.config.session.unsentCookie, schema, LIFETIME);
  return {
    async remember(path: string, form: FormData): Promise<boolean> {
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === 'string' && !NOT_KEPT.test(name)) fields[name] = value;
      const packed = deflateRawSync(JSON.stringify(fields)).toString('base64url');
      // Sealed, it is about 4/3 of the packed text and the seal's own fields.
      if ((packed.length * 4) / 3 + 300 > MAX_SEALED) return false;
      await note.remember({ path, packed });
      return true;
    },
    /** The fields kept for the page at `path`, once: the note is forgotten when they are taken. */
    async take(path: string): Promise<Record<string, string> | null> {
      const kept = await note.read();
      if (!kept || kept.path !== path) return null;
      note.forget();
      try {
        return z.record(z.string()).parse(JSON.parse(inflateRawSync(Buffer.from(kept.packed, 'base64url')).toString()));
      } catch {
        return null;
      }
    },
  };
}
