import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One budget: what was measured, the limit it is held to, and whether it held. */
export interface Check {
  section: string;
  name: string;
  /** Numbers for measured figures; text for yes/no checks (which then must say `pass` themselves). */
  measured: number | string;
  budget: number | string;
  unit: string;
  /** `max`: measured must stay below or at the budget; `min`: at or above it; `is`: a yes/no check. */
  kind: keyof typeof relations;
  pass: boolean;
  note?: string;
}

const relations = { max: '≤', min: '≥', is: '=' } as const;
const checks: Check[] = [];

export function check(entry: Omit<Check, 'pass'> & { pass?: boolean }): Check {
  const { measured, budget, kind } = entry;
  const pass =
    entry.pass ??
    (typeof measured === 'number' &&
      typeof budget === 'number' &&
      (kind === 'max' ? measured <= budget : measured >= budget));
  const result = { ...entry, pass };
  checks.push(result);
  const relation = relations[kind];
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'}  ${entry.name}: ${`${fmt(measured)} ${entry.unit}`.trim()} ` +
      `(budget ${`${relation} ${fmt(budget)} ${entry.unit}`.trim()})` +
      (entry.note ? ` — ${entry.note}` : ''),
  );
  return result;
}

/** A yes/no budget, e.g. "the name is in the HTML". */
export function checkYes(section: string, name: string, ok: boolean, note?: string): Check {
  return check({ section, name, measured: ok ? 'yes' : 'no', budget: 'yes', unit: '', kind: 'is', pass: ok, note });
}

export function allChecks(): readonly Check[] {
  return checks;
}

export function heading(title: string) {
  console.log(`\n== ${title}`);
}

/** The final table: one row a budget, failures easy to spot. */
export function printSummary() {
  heading('Summary');
  const rows = checks.map((c) => [
    c.pass ? 'PASS' : 'FAIL',
    c.section,
    c.name,
    `${fmt(c.measured)} ${c.unit}`.trim(),
    `${relations[c.kind]} ${fmt(c.budget)} ${c.unit}`.trim(),
  ]);
  const header = ['', 'budget', 'check', 'measured', 'limit'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' │ ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of rows) console.log(line(row));
  const failed = checks.filter((c) => !c.pass).length;
  console.log(`\n${checks.length - failed} of ${checks.length} budgets held${failed ? `, ${failed} FAILED` : ''}.`);
}

/** lab/bench/results/latest.json (gitignored): every check plus the raw figures, for comparing runs. */
export function writeResults(details: Record<string, unknown>): string {
  const dir = path.resolve('lab/bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  // Raw latency lists are left out: thousands of numbers that the percentiles beside them already summarize.
  const json = JSON.stringify(
    { checks, ...details },
    (key, value: unknown) => (key === 'latencies' ? undefined : value),
    2,
  );
  writeFileSync(file, `${json}\n`);
  return file;
}

/** Figures rounded for people: integers as they are, small numbers to 2 significant decimals. */
export function fmt(value: number | string): string {
  if (typeof value === 'string' || Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}
