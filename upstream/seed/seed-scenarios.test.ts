import { readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS } from '#contract';
import { days } from '#shared/time';
import { openDatabase } from '../db/open';
import { seedScenarios } from './seed-scenarios';

const FILES = resolve(import.meta.dirname, '..', 'files');
const start = Date.UTC(2026, 10, 23, 9);

describe('seedScenarios', () => {
  it('seeds over a thousand scenarios for every grade, parents and teachers, with real files', () => {
    const db = openDatabase(':memory:');
    seedScenarios(db, start);
    expect(db.value('SELECT count(*) FROM scenarios')).toBeGreaterThanOrEqual(1000);
    const audiences = db.column('SELECT DISTINCT audience FROM scenario_audiences');
    expect(audiences).toEqual(expect.arrayContaining(['1', '5', '11', 'parents', 'teachers']));
    const materials = db.prepare('SELECT DISTINCT path, size FROM scenario_materials').all() as Array<{
      path: string;
      size: number;
    }>;
    for (const { path, size } of materials)
      expect(statSync(resolve(FILES, path.slice('/files/'.length))).size).toBe(size);
    const extensions = new Set(materials.map((m) => m.path.split('.').pop()));
    expect([...extensions]).toEqual(
      expect.arrayContaining(['pdf', 'docx', 'xlsx', 'jpg', 'png', 'svg', 'webp', 'gif']),
    );
    expect(IMAGE_EXTENSIONS.filter((ext) => ext !== 'jpeg').every((ext) => extensions.has(ext))).toBe(true);
    expect(readdirSync(resolve(FILES, 'scenarios')).length).toBe(extensions.size);
  });

  it('adds nothing on a second start, and moves the dates along so the newest stay recent', () => {
    const db = openDatabase(':memory:');
    seedScenarios(db, start);
    const count = (table: string) => db.value(`SELECT count(*) FROM ${table}`);
    const before = ['scenarios', 'scenario_audiences', 'scenario_materials'].map(count);
    const titles = db.column('SELECT title FROM scenarios ORDER BY id');
    seedScenarios(db, start + days(90));
    expect(['scenarios', 'scenario_audiences', 'scenario_materials'].map(count)).toEqual(before);
    expect(db.column('SELECT title FROM scenarios ORDER BY id')).toEqual(titles);
    const newest = db.value('SELECT max(published_at) FROM scenarios') as number;
    expect(start + days(90) - newest).toBeLessThan(days(3));
    expect(newest).toBeGreaterThan(start + days(80));
  });

  it('writes realistic Russian titles, never a numbered placeholder', () => {
    const db = openDatabase(':memory:');
    seedScenarios(db, start);
    const titles = db.column('SELECT title FROM scenarios') as string[];
    for (const title of titles) expect(title).toMatch(/^[А-ЯЁ][а-яё-]+( [а-яё-]+)? «[А-ЯЁ].+»$/);
  });
});
