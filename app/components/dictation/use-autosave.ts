import { useCallback, useEffect, useRef, useState } from 'react';
import { announce } from '~/client/announce';
import { formatMoscowTime } from '~/format';
import { seconds } from '~/time';

/** How often a changed text is saved while the participant writes (ADR 018). */
export const AUTOSAVE_EVERY = seconds(5);

const copy = {
  saved: (at: string) => `Сохранено в ${formatMoscowTime(at)}`,
  offline: 'Нет связи с сервером. Текст остаётся на странице и сохранится, как только связь вернётся.',
  back: 'Связь восстановлена, текст сохранён.',
  late: 'Время вышло: текст после окончания времени не принимается. На проверку ушёл последний текст, сохранённый вовремя.',
  timeUp: 'Время вышло. Диктант сдан: на проверку ушёл последний сохранённый текст.',
};

/** What the autosave route answers (app/dictation-writing.server.ts). */
type Outcome =
  | { outcome: 'saved'; revision: number; savedAt: string; stale: boolean }
  | { outcome: 'late'; text: string; savedAt: string | null }
  | { outcome: 'closed' | 'unknown' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'failed'; status: number };

export type SaveStatus =
  | { kind: 'saved'; savedAt: string | null }
  | { kind: 'offline' }
  | { kind: 'invalid'; message: string }
  | { kind: 'late' | 'timeUp'; text: string; savedAt: string | null };

/**
 * Saves the text of the field `fieldId` to `url` every few seconds when it changed since the last save, and by
 * beacon when the page is hidden or left. Each save carries the next revision, so the upstream keeps the newest
 * text whatever order saves arrive in. The status line updates silently; the live region speaks only on the
 * first save, on a lost and a regained connection, and when the time is over.
 */
export function useAutosave(options: {
  url: string;
  fieldId: string;
  revision: number;
  text: string;
  savedAt: string | null;
  /** The page can no longer take the text (submitted elsewhere, or the link stopped working). */
  onClosed: () => void;
}) {
  const { url, fieldId, onClosed } = options;
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved', savedAt: options.savedAt });
  const state = useRef({
    revision: options.revision,
    savedText: options.text,
    savedAt: options.savedAt,
    busy: false,
    spoke: false,
    offline: false,
  });

  // A page loaded again (after «Сохранить» without this hook, or another tab's save) brings a newer revision.
  useEffect(() => {
    if (options.revision <= state.current.revision) return;
    state.current.revision = options.revision;
    state.current.savedText = options.text;
  }, [options.revision, options.text]);

  const nextRevision = useCallback(() => ++state.current.revision, []);

  const save = useCallback(
    async (viaBeacon = false) => {
      const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
      const current = state.current;
      if (!field || field.readOnly || field.value === current.savedText || (current.busy && !viaBeacon)) return;
      const text = field.value;
      const body = new URLSearchParams({ text, revision: String(nextRevision()) });
      if (viaBeacon) {
        navigator.sendBeacon(url, body);
        return;
      }
      current.busy = true;
      try {
        const response = await fetch(url, { method: 'POST', body, headers: { Accept: 'application/json' } });
        const result = (await response.json()) as Outcome;
        if (result.outcome === 'saved') {
          // Another tab saved a newer revision: this tab's text goes under a newer one still at the next tick.
          if (result.stale) current.revision = Math.max(current.revision, result.revision);
          else current.savedText = text;
          current.savedAt = result.savedAt;
          if (!current.spoke || current.offline) announce(current.offline ? copy.back : copy.saved(result.savedAt));
          current.spoke = true;
          current.offline = false;
          setStatus({ kind: 'saved', savedAt: result.savedAt });
        } else if (result.outcome === 'late') {
          field.value = result.text;
          field.readOnly = true;
          announce(copy.late);
          setStatus({ kind: 'late', text: result.text, savedAt: result.savedAt });
        } else if (result.outcome === 'invalid') {
          setStatus({ kind: 'invalid', message: result.message });
        } else if (result.outcome === 'failed') {
          goneOffline();
        } else {
          onClosed();
        }
      } catch {
        goneOffline();
      } finally {
        current.busy = false;
      }

      function goneOffline() {
        if (!current.offline) announce(copy.offline);
        current.offline = true;
        setStatus({ kind: 'offline' });
      }
    },
    [fieldId, url, nextRevision, onClosed],
  );

  /** At zero on the countdown: the last text goes in (the upstream allows a moment's grace), then the field locks. */
  const expire = useCallback(async () => {
    await save();
    const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
    if (field) field.readOnly = true;
    announce(copy.timeUp);
    setStatus({ kind: 'timeUp', text: state.current.savedText, savedAt: state.current.savedAt });
  }, [save, fieldId]);

  useEffect(() => {
    const timer = window.setInterval(() => void save(), AUTOSAVE_EVERY);
    const onHide = () => document.visibilityState === 'hidden' && void save(true);
    const onPageHide = () => void save(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [save]);

  return { status, save, expire, nextRevision };
}
