import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import type { Config } from './config.server';

export type { Logger };

/** Keys whose values are secrets wherever they appear: tokens, passes, passwords, recovery codes, cookies. */
const SECRET_KEYS = [
  'token',
  'authToken',
  'refreshToken',
  'password',
  'currentPassword',
  'newPassword',
  'pass',
  'code',
  'cookie',
  'set-cookie',
  'authorization',
];

export const REDACTED = '[redacted]';

export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  destination: pino.DestinationStream | undefined = config.logFormat === 'short'
    ? shortLines(process.stdout)
    : undefined,
): Logger {
  const paths = SECRET_KEYS.map((key) => (/^\w+$/.test(key) ? key : `["${key}"]`)).flatMap((key) => [
    key,
    `*${key.startsWith('[') ? '' : '.'}${key}`,
    `*.*${key.startsWith('[') ? '' : '.'}${key}`,
  ]);
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      redact: { paths, censor: REDACTED },
      hooks: {
        // Free text (messages, error messages and stacks) can carry a URL with a token in its query.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
      serializers: { err: serializeError },
    },
    destination,
  );
}

const SECRET_PARAM = new RegExp(`([?&;\\s"'](?:${SECRET_KEYS.join('|')})=)[^&\\s"'#]*`, 'gi');
const SECRET_JSON = new RegExp(`("(?:${SECRET_KEYS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/** Masks secret values in free text: `token=…` query parameters and `"token":"…"` JSON members. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`).replace(SECRET_JSON, `$1"${REDACTED}"`);
}

/**
 * In URLs also an e-mail address and the surname of the check by number (`/certificates?lastName=`):
 * personal data.
 */
const URL_SECRET_KEYS = new Set([...SECRET_KEYS, 'email', 'lastName'].map((key) => key.toLowerCase()));

/**
 * Paths whose second segment is a capability: a dictation's invitation token, a certificate's
 * code, which shows its holder's masked name, event and date on the public check (ADR 218), and the
 * token of an address's confirmation link.
 */
const CAPABILITY_PATHS = new Set(['dictation', 'certificates', 'confirm-email']);

/**
 * The path with the token of `/dictation/{token}…` or the code of `/certificates/{code}` masked. The router
 * decodes each segment before matching, so `/%64ictation/…` is that route too: segments are compared decoded,
 * in any case.
 */
function redactPath(pathname: string): string {
  const segments = pathname.split('/');
  const first = segments.findIndex((segment) => segment !== '');
  if (first === -1 || !CAPABILITY_PATHS.has(decodeSegment(segments[first]!).toLowerCase())) return pathname;
  if (segments[first + 1]) segments[first + 1] = REDACTED;
  return segments.join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL safe to log: path and query with every secret parameter masked. Never throws, whatever the URL. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    // A request target is a path; a fixed origin in front keeps `//host…` from being read as an authority.
    if (typeof url !== 'string') parsed = url;
    else if (/^[a-z][\w+.-]*:\/\//i.test(url)) parsed = new URL(url);
    else parsed = new URL(`http://x${url.startsWith('/') ? '' : '/'}${url}`);
  } catch {
    return '[unparseable url]';
  }
  const query = [...parsed.searchParams]
    .map(([key, value]) =>
      URL_SECRET_KEYS.has(key.toLowerCase())
        ? `${encodeURIComponent(key)}=${REDACTED}`
        : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
    )
    .join('&');
  return redactPath(parsed.pathname) + (query ? `?${query}` : '');
}

function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error);
  return {
    ...serialized,
    message: redactText(serialized.message ?? ''),
    stack: serialized.stack ? redactText(serialized.stack) : undefined,
  };
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * `LOG_FORMAT=short` (ADR 218): each JSON entry, already redacted, as one line a person reads at `npm start` —
 * `12:01:02 GET /lk 200 35 мс`, `12:01:05 WARN redis not ready at start err=Error: …` — the error's message
 * without its stack. Production keeps the JSON lines.
 */
export function shortLines(out: { write(line: string): unknown }): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) out.write(`${shortLine(line)}\n`);
      done();
    },
  });
}

export function shortLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { level, time, msg, err, ...rest } = entry;
  const at = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  if (msg === 'request' && typeof rest.method === 'string') {
    const { method, url, status, ms } = rest;
    return `${at} ${String(method)} ${String(url)} ${String(status)} ${String(ms)} мс`;
  }
  const name = LEVELS[level as number] ?? String(level);
  const fields = Object.entries(rest).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  const error = err && typeof err === 'object' ? (err as { type?: string; message?: string }) : null;
  if (error) fields.push(`err=${error.type ?? 'Error'}: ${error.message ?? ''}`);
  return [at, name === 'info' ? null : name, String(msg ?? ''), ...fields].filter(Boolean).join(' ');
}
