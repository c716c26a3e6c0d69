/** Pieces shared by the scenarios list and a scenario's screen. */

const copy = {
  parents: 'Родители',
  teachers: 'Педагоги',
  grade: (from: string, to?: string) => (to ? `${from}–${to} классы` : `${from} класс`),
};

/** «5–7 классы», «1 класс», «Родители»: grades as ranges, as a teacher writes them. */
export function audiencesLabel(audiences: readonly string[]): string {
  const grades = audiences.filter((a) => /^\d+$/.test(a)).map(Number);
  const parts: string[] = [];
  let start = grades[0];
  grades.forEach((grade, i) => {
    const next = grades[i + 1];
    if (next === grade + 1) return;
    parts.push(copy.grade(String(start), start === grade ? undefined : String(grade)));
    start = next;
  });
  if (audiences.includes('parents')) parts.push(copy.parents);
  if (audiences.includes('teachers')) parts.push(copy.teachers);
  return parts.join(', ');
}

type Filters = Partial<Record<'q' | 'topic' | 'audience' | 'format' | 'sort', string>> & { page?: number };

/** The list's URL for these filters with some changed; the first page and empty values stay out of it. */
export function withQuery(filters: Filters, change: Partial<Filters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...change })) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/lk/scenarios?${query}` : '/lk/scenarios';
}
