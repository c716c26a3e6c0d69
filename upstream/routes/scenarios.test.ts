import { describe, expect, it } from 'vitest';
import { contract, type ScenarioList } from '#contract';
import { createTestUpstream } from '../testing';

type Up = Awaited<ReturnType<typeof createTestUpstream>>;

async function list(up: Up, query: Record<string, string> = {}) {
  const { status, envelope } = await up.call('scenariosList', { query });
  expect(status).toBe(200);
  return contract.scenariosList.result.parse(envelope.result) as ScenarioList;
}

/** What a reader would count by hand: a word of the scenario starts with the searched text, any case, ё = е. */
function countByHand(up: Up, word: string) {
  const fold = (text: string) => text.toLowerCase().replaceAll('ё', 'е');
  const starts = new RegExp(`(^|[^\\p{L}\\p{N}])${fold(word)}`, 'u');
  const rows = up.db.prepare('SELECT title, description, author FROM scenarios').all() as Array<Record<string, string>>;
  return rows.filter((row) => starts.test(fold(`${row.title} ${row.description} ${row.author}`))).length;
}

describe('scenariosList', () => {
  it('answers the newest page, the total and the facets built from the data', async () => {
    const up = await createTestUpstream();
    const page = await list(up);
    expect(page.total).toBeGreaterThanOrEqual(1000);
    expect(page.items).toHaveLength(20);
    const dates = page.items.map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.facets.topics.map((t) => t.label)).toContain('Финансовая грамотность');
    expect(page.facets.topics.reduce((sum, t) => sum + t.count, 0)).toBe(page.total);
    expect(page.facets.audiences.map((a) => a.label)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `${i + 1} класс`),
      'Родители',
      'Педагоги',
    ]);
    expect(page.facets.formats.map((f) => f.label)).toEqual(expect.arrayContaining(['Квест', 'Деловая игра']));
  });

  it('finds Cyrillic text in any case, by the beginning of a word, with ё and е alike', async () => {
    const up = await createTestUpstream();
    const upper = await list(up, { q: 'КОНСТИТУЦ' });
    expect(upper.total).toBe(countByHand(up, 'конституц'));
    expect(upper.total).toBeGreaterThan(0);
    expect((await list(up, { q: 'конституц' })).total).toBe(upper.total);
    const withE = await list(up, { q: 'ребенка' });
    // By stems: «ребенка» finds «ребенку», «ребенком» too, so at least what begins with «ребенка».
    expect(withE.total).toBeGreaterThanOrEqual(countByHand(up, 'ребёнка'));
    expect(withE.total).toBe(countByHand(up, 'ребенк'));
    expect((await list(up, { q: 'ребёнка' })).total).toBe(withE.total);
    expect((await list(up, { q: 'абракадабра' })).total).toBe(0);
  });

  it('knows Russian word forms: «финансы» finds «Финансовая грамотность», «конституция» = «Конституции» (ADR 234)', async () => {
    const up = await createTestUpstream();
    const finance = (await list(up, { topic: 'finance' })).total;
    expect(finance).toBeGreaterThanOrEqual(100);
    const byWord = await list(up, { q: 'финансы', perPage: '50' });
    expect(byWord.total).toBeGreaterThanOrEqual(finance);
    expect(byWord.facets.topics.find((topic) => topic.value === 'finance')?.count).toBe(finance);
    for (const form of ['финансовая', 'Финансовой', 'финансам']) {
      expect((await list(up, { q: form })).total, form).toBeGreaterThanOrEqual(finance);
    }
    const constitution = await list(up, { q: 'конституция' });
    expect(constitution.total).toBeGreaterThan(26);
    for (const form of ['Конституции', 'конституцию', 'Конституцией', 'конституц']) {
      expect((await list(up, { q: form })).total, form).toBe(constitution.total);
    }
    // Two words: both stems must be there, in any form.
    const two = await list(up, { q: 'права ребёнка' });
    expect(two.total).toBeGreaterThan(0);
    expect(two.total).toBeLessThanOrEqual((await list(up, { q: 'права' })).total);
    // Names keep their letters: the author's surname in another case still finds the author.
    const [first] = (await list(up, { perPage: '1' })).items;
    const surname = first!.author.split(' ')[0]!;
    expect((await list(up, { q: surname })).total).toBeGreaterThan(0);
  });

  it('combines the filters, and counts each facet with the other filters applied', async () => {
    const up = await createTestUpstream();
    const page = await list(up, { topic: 'finance', audience: '7', format: 'quest', perPage: '50' });
    expect(page.total).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item).toMatchObject({ topic: { slug: 'finance' }, format: { slug: 'quest' } });
      expect(item.audiences).toContain('7');
    }
    const count = (facet: keyof ScenarioList['facets'], value: string) =>
      page.facets[facet].find((f) => f.value === value)?.count;
    expect(count('topics', 'finance')).toBe(page.total);
    expect(count('audiences', '7')).toBe(page.total);
    expect(count('formats', 'quest')).toBe(page.total);
    expect(count('topics', 'ecology')).toBeGreaterThan(0);
  });

  it('sorts and pages', async () => {
    const up = await createTestUpstream();
    const byTitle = await list(up, { sort: 'title' });
    const titles = byTitle.items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort());
    const short = await list(up, { sort: 'short' });
    const minutes = short.items.map((item) => item.durationMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    const first = await list(up, { perPage: '30' });
    const second = await list(up, { perPage: '30', page: '2' });
    expect(second.items).toHaveLength(30);
    expect(second.items.map((i) => i.id)).not.toEqual(expect.arrayContaining([first.items[0]!.id]));
    const beyond = await list(up, { page: '999' });
    expect(beyond).toMatchObject({ items: [], total: first.total, page: 999 });
  });

  it('refuses filters outside the contract, by field', async () => {
    const up = await createTestUpstream();
    const invalid: Array<Record<string, string>> = [
      { perPage: '500' },
      { sort: 'random' },
      { audience: '12' },
      { topic: 'Финансы' },
    ];
    for (const query of invalid) {
      const { status, envelope } = await up.call('scenariosList', { query });
      expect(status).toBe(400);
      expect(envelope.errors[0]).toMatchObject({ code: 'validation', field: Object.keys(query)[0] });
    }
  });
});

describe('scenarioById', () => {
  it('answers the scenario with its materials, images among them', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('scenarioById', { query: { id: '4' } });
    expect(status).toBe(200);
    const scenario = contract.scenarioById.result.parse(envelope.result);
    expect(scenario.id).toBe(4);
    expect(scenario.materials[0]).toMatchObject({ name: 'Конспект занятия.pdf', type: 'application/pdf' });
    expect(scenario.materials.every((m) => m.path.startsWith('/files/scenarios/') && m.size > 0)).toBe(true);
    expect(scenario.materialsCount).toBe(scenario.materials.length);
  });

  it('answers 404 for an id that names no scenario', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('scenarioById', { query: { id: '999999' } });
    expect(status).toBe(404);
    expect(envelope.errors[0]).toMatchObject({ code: 'not_found' });
  });
});
