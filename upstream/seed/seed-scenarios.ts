import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { days, hours } from '#shared/time';
import type { Db } from '../db/open';
import {
  AUDIENCE_BANDS,
  CITIES,
  FIRST_NAMES,
  FORMATS,
  LAST_NAMES,
  MATERIAL_FILES,
  PATRONYMICS,
  SCHOOLS,
  TOPICS,
} from './scenario-words';

export const SEEDED_SCENARIOS = 1200;
/** How far back the oldest demo scenario goes. */
const SPAN_DAYS = 3 * 365;
const FILES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'files', 'scenarios');

/** mulberry32: a tiny seeded PRNG, so every start generates exactly the same scenarios. */
function createRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

type MaterialKey = keyof typeof MATERIAL_FILES;

/** Band indexes of AUDIENCE_BANDS that suit a format: parents' meetings for parents, seminars for teachers. */
function bandsFor(format: string): number[] {
  if (format === 'parents-meeting') return [6];
  if (format === 'seminar') return [7];
  return [0, 1, 2, 3, 4, 5];
}

function materialsFor(format: string, topic: string, random: ReturnType<typeof createRandom>): MaterialKey[] {
  const keys: MaterialKey[] = ['plan'];
  if (format !== 'parents-meeting' && random.next() < 0.7) keys.push('worksheet');
  if (topic === 'finance' && random.next() < 0.6) keys.push('table');
  if (format === 'quest') keys.push('route');
  const image = random.pick<MaterialKey>(['cover', 'scheme', 'poster', 'animation', 'cover']);
  if (random.next() < 0.85) keys.push(image);
  return keys;
}

function describe(
  format: (typeof FORMATS)[number],
  topic: (typeof TOPICS)[number],
  audience: string,
  band: string,
  subject: string,
): string {
  if (audience === 'parents') {
    return `${format.title} по теме «${topic.title}». Родители узнают, как говорить с детьми на тему «${subject}» и чем помочь дома. ${format.how}`;
  }
  if (audience === 'teachers') {
    return `${format.title} по теме «${topic.title}». Педагоги получают готовую методику занятия «${subject}» и разбирают типичные вопросы учащихся. ${format.how}`;
  }
  return `${format.title} для ${band} по теме «${topic.title}». ${topic.goal} ${format.how}`;
}

/** One scenario, generated from its id alone, so a re-run produces the same row. */
export function generateScenario(id: number) {
  const random = createRandom(id * 7919);
  const topic = TOPICS[id % TOPICS.length]!;
  const format = random.pick(FORMATS);
  const band = AUDIENCE_BANDS[random.pick(bandsFor(format.slug))]!;
  const subject = random.pick(topic.subjects);
  const female = random.next() < 0.75;
  const firstName = female ? random.pick(FIRST_NAMES.slice(0, 10)) : random.pick(FIRST_NAMES.slice(10));
  const patronymic = female ? random.pick(PATRONYMICS.slice(0, 6)) : random.pick(PATRONYMICS.slice(6));
  const lastName = random.pick(LAST_NAMES)[female ? 0 : 1];
  const school = random.pick(SCHOOLS).replace('{n}', String(1 + Math.floor(random.next() * 180)));
  return {
    id,
    title: `${format.title} «${subject}»`,
    description: describe(format, topic, band.audiences[0], band.label, subject),
    topic: topic.slug,
    format: format.slug,
    author: `${lastName} ${firstName} ${patronymic}`,
    organization: `${school}, ${random.pick(CITIES)}`,
    durationMinutes: random.pick(format.minutes),
    ageDays: Math.floor(random.next() * SPAN_DAYS),
    audiences: band.audiences,
    materials: materialsFor(format.slug, topic.slug, random),
  };
}

/**
 * Inserts the demo scenarios that are missing and re-anchors every seeded date to today, so the newest
 * scenarios stay recent however long ago the database was created. Material sizes come from the files.
 */
export function seedScenarios(db: Db, now: number): void {
  const today = Math.floor(now / days(1)) * days(1);
  const sizes = Object.fromEntries(
    Object.entries(MATERIAL_FILES).map(([key, m]) => [key, statSync(resolve(FILES_DIR, m.file)).size]),
  ) as Record<MaterialKey, number>;
  const insertNamed = (table: string) =>
    db.prepare(`INSERT OR IGNORE INTO ${table} (slug, title, position) VALUES (?, ?, ?)`);
  const insertTopic = insertNamed('scenario_topics');
  const insertFormat = insertNamed('scenario_formats');
  const insertScenario = db.prepare(
    `INSERT OR IGNORE INTO scenarios (id, title, description, topic, format, author, organization,
       duration_minutes, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const redate = db.prepare('UPDATE scenarios SET published_at = ? WHERE id = ? AND published_at != ?');
  const insertAudience = db.prepare('INSERT INTO scenario_audiences (scenario_id, audience) VALUES (?, ?)');
  const insertMaterial = db.prepare(
    'INSERT INTO scenario_materials (scenario_id, position, name, path, size, type) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const resize = db.prepare('UPDATE scenario_materials SET size = ? WHERE path = ? AND size != ?');

  db.transaction(() => {
    TOPICS.forEach((topic, position) => insertTopic.run(topic.slug, topic.title, position));
    FORMATS.forEach((format, position) => insertFormat.run(format.slug, format.title, position));
    for (let id = 1; id <= SEEDED_SCENARIOS; id++) {
      const s = generateScenario(id);
      // Published in the working day, Moscow time, so no scenario carries a midnight timestamp.
      const publishedAt = today - days(s.ageDays) + hours(6 + (id % 10));
      const { changes } = insertScenario.run(
        id,
        s.title,
        s.description,
        s.topic,
        s.format,
        s.author,
        s.organization,
        s.durationMinutes,
        publishedAt,
      );
      if (changes === 0) {
        redate.run(publishedAt, id, publishedAt);
        continue;
      }
      for (const audience of s.audiences) insertAudience.run(id, audience);
      s.materials.forEach((key, position) => {
        const m = MATERIAL_FILES[key];
        insertMaterial.run(id, position, m.name, `/files/scenarios/${m.file}`, sizes[key], m.type);
      });
    }
    for (const [key, m] of Object.entries(MATERIAL_FILES) as Array<
      [MaterialKey, (typeof MATERIAL_FILES)[MaterialKey]]
    >) {
      resize.run(sizes[key], `/files/scenarios/${m.file}`, sizes[key]);
    }
  })();
}
