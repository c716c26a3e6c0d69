import { describe, expect, it } from 'vitest';
import { moscowDate, moscowMidnight } from '#shared/moscow-time';
import { dictationEventState } from '#contract';
import { days } from '#shared/time';
import { findEvent, listEvents, toEvent } from '../db/dictation';
import { openDatabase } from '../db/open';
import { seedDemoContent } from './seed';
import { DICTATION_EVENTS } from './seed-dictation-content';
import { CURRENT_EVENT_ID, springWritingOffset } from './seed-dictation';

const NOW = Date.UTC(2026, 10, 23, 9);
const openCount = (db: ReturnType<typeof openDatabase>) =>
  db.value(
    'SELECT count(*) FROM dictation_participations WHERE event_id = ? AND finished_at IS NULL',
    CURRENT_EVENT_ID,
  );

describe('dictation seed', () => {
  it('opens today’s event for writing today, in Moscow time, on every start', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, NOW);
    expect(moscowDate(findEvent(db, CURRENT_EVENT_ID)!.writing_opens_at)).toBe('2026-11-23');
    const later = NOW + days(40);
    await seedDemoContent(db, later);
    expect(moscowDate(findEvent(db, CURRENT_EVENT_ID)!.writing_opens_at)).toBe(moscowDate(later));
    const states = listEvents(db).map((row) => dictationEventState(toEvent(row, later), later));
    expect(states).toEqual(['announced', 'registration', 'writing', 'closed', 'results', 'results']);
  });

  it('writes «Весенний диктант» in spring, a month ahead or more, whatever the day of the year', async () => {
    for (let day = 0; day < 366; day += 1) {
      const today = moscowMidnight(NOW + days(day));
      const offset = springWritingOffset(today);
      expect(offset, moscowDate(today)).toBeGreaterThanOrEqual(30);
      expect(['03', '04', '05'], moscowDate(today)).toContain(moscowDate(today + days(offset)).slice(5, 7));
    }
    const spring = DICTATION_EVENTS.find((event) => event.title.startsWith('Весенний'))!;
    // In each season the spring event is open for registration, and the announced one comes after it.
    for (const day of [0, 91, 182, 273]) {
      const now = NOW + days(day);
      const db = openDatabase(':memory:');
      await seedDemoContent(db, now);
      expect(['03', '04', '05']).toContain(moscowDate(findEvent(db, spring.id)!.writing_opens_at).slice(5, 7));
      const states = listEvents(db).map((row) => dictationEventState(toEvent(row, now), now));
      expect(states, moscowDate(now)).toEqual(['announced', 'registration', 'writing', 'closed', 'results', 'results']);
    }
  });

  it('credits each text by the name its event gives it, as the results show it under the title', () => {
    for (const event of DICTATION_EVENTS) {
      const named = /«(.+)»/.exec(event.title)?.[1];
      if (named) expect(event.source).toContain(`«${named}»`);
      expect(event.source).not.toMatch(/^Текст/);
    }
  });

  it('gives each demo user one dictation to write, and a fresh one only once it is finished', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, NOW);
    expect(openCount(db)).toBe(2);
    await seedDemoContent(db, NOW + days(1));
    expect(openCount(db)).toBe(2);
    db.prepare('UPDATE dictation_participations SET finished_at = ? WHERE event_id = ?').run(NOW, CURRENT_EVENT_ID);
    await seedDemoContent(db, NOW + days(2));
    expect(openCount(db)).toBe(2);
    expect(db.value('SELECT count(*) FROM dictation_participations WHERE event_id = ?', CURRENT_EVENT_ID)).toBe(4);
  });

  it('leaves what a user wrote as it was', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, NOW);
    db.prepare("UPDATE dictation_participations SET text = 'Мой текст', revision = 7 WHERE event_id = ?").run(
      CURRENT_EVENT_ID,
    );
    await seedDemoContent(db, NOW + days(1));
    const texts = db
      .prepare('SELECT text, revision FROM dictation_participations WHERE event_id = ?')
      .all(CURRENT_EVENT_ID);
    expect(texts).toEqual([
      { text: 'Мой текст', revision: 7 },
      { text: 'Мой текст', revision: 7 },
    ]);
  });
});
