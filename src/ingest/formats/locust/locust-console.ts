/**
 * Locust's console stats table (printed while a headless test runs and once at its end), in the
 * layouts of its releases:
 *   0.x:  ` Name   # reqs   # fails   Avg   Min   Max  |  Median   req/s failures/s`
 *         ` GET /items   1315  879(66.84%)   483   206   4102  |   260   4.37   2.92`
 *   1.x:  ` Name   # reqs   # fails  |   Avg   Min   Max  Median  |   req/s failures/s`
 *   2.x:  `Type  Name   # reqs   # fails |  Avg  Min  Max  Med |  req/s  failures/s` over a
 *         `--------|-----|-------|…` rule, rows `GET   /items   120   0(0.00%) |  15 …`
 * and the percentile table after it (`Percentage of the requests completed within given times`
 * in 0.x, `Response time percentiles (approximated)` later: `Name  # reqs  50%  66% … 100%`).
 * Cells do not line up with the header (a long name pushes them right, a `879(66.84%)` cell is
 * wider than its column): a row is read from its right end, one value per header column, and
 * what is left of the values is the row's name. Times are milliseconds.
 * Runs: the `Aggregated` (`Total` before 1.0) row is the run and the endpoint rows are kept in
 * its raw, as the stats CSV is read (csv/tool-presets.ts); a table without it (an excerpt cut
 * before it) gives one run per endpoint row, the only place their numbers are.
 * The users Locust started (`All locusts hatched: APIUser: 40`, `All users spawned: {…} (40 total
 * users)`) are the concurrency, found in the lines above the table.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

/** A stats or percentile header: `Name` (after `Type`), `# reqs`, then stats or percentiles. */
const HEADER = /^\s*(?:Type\s+)?Name\s+.*#\s*reqs\b/;
const RULE = /^\s*-[-|]{9,}\s*$/;
const TOTAL_NAMES: ReadonlySet<string> = new Set(['Aggregated', 'Total']);
/** A value cell: a number, `879(66.84%)` (the percentage is derived: dropped), `N/A`. */
const VALUE = /^(?:(\d+(?:\.\d+)?)(?:\([\d.]+%\))?|N\/A)$/;
const PERCENTILE_TITLE = /^\s*(?:Percentage of the requests completed within given times|Response time percentiles \(approximated\))\s*$/;
/** Lines above the table searched for the users started. */
const USERS_LOOKBACK = 60;

/** A header column → metric key and factor (ms → s), `count` for `# reqs`, undefined when not read. */
function columnKey(col: string): { key: string; factor: number } | 'count' | undefined {
  switch (col) {
    case '#reqs':
      return 'count';
    case '#fails':
      return { key: 'requests_failed_count', factor: 1 };
    case 'Avg':
      return { key: 'latency_mean_s', factor: 1e-3 };
    case 'Min':
      return { key: 'latency_min_s', factor: 1e-3 };
    case 'Max':
      return { key: 'latency_max_s', factor: 1e-3 };
    case 'Median':
    case 'Med':
      return { key: 'latency_p50_s', factor: 1e-3 };
    case 'req/s':
      return { key: 'throughput_rps', factor: 1 };
    case 'failures/s':
      return { key: 'failures_rps', factor: 1 };
  }
  // 100% is the max and 50% the median, both rounded: kept in raw by their own columns.
  const p = /^([\d.]+)%$/.exec(col)?.[1];
  const stat = p === undefined ? undefined : percentileStat(p);
  return stat ? { key: `latency_${stat}_s`, factor: 1e-3 } : undefined;
}

/** The header's value columns (after `Name`), `# reqs` as one word; `|` separators dropped. */
function headerColumns(line: string): string[] {
  const text = line.replace(/\|/g, ' ').replace(/#\s+(reqs|fails)/g, '#$1');
  const words = text.trim().split(/\s+/);
  return words.slice(words.indexOf('Name') + 1);
}

interface Row {
  name: string;
  values: Array<number | undefined>;
  cells: string[];
}

/** The row's words, `|` dropped and `879 (66.84%)` glued as one cell. */
function rowWords(line: string): string[] {
  return line
    .replace(/\|/g, ' ')
    .replace(/\s+\(\s*([\d.]+%)\s*\)/g, '($1)')
    .trim()
    .split(/\s+/);
}

/** A row's name; the total's `Type` cell (`None` in 1.x's percentile table) is not part of it. */
function rowName(words: readonly string[]): string {
  const last = words[words.length - 1] ?? '';
  return TOTAL_NAMES.has(last) ? last : words.join(' ');
}

/** The cells' values, or undefined when one is not a value. */
function valuesOf(cells: readonly string[]): Array<number | undefined> | undefined {
  const values: Array<number | undefined> = [];
  for (const c of cells) {
    const m = VALUE.exec(c);
    if (!m) return undefined;
    values.push(m[1] === undefined ? undefined : Number(m[1]));
  }
  return values;
}

/**
 * A row read from its right end: `columns` values, the rest its name; undefined when it is none.
 * Locust before 0.8 printed its `Total` row with only the counts and the rate(s) (`Total  3022
 * 4(0.13%)  10.08`): the first two values are the counts, the others the last columns.
 */
function readRow(line: string, columns: number): Row | undefined {
  const words = rowWords(line);
  if (words.length > columns) {
    const cells = words.slice(words.length - columns);
    const values = valuesOf(cells);
    if (values) return { name: rowName(words.slice(0, words.length - columns)), values, cells };
  }
  const name = words[0] ?? '';
  const short = words.slice(1);
  const values = TOTAL_NAMES.has(name) && short.length >= 3 && short.length < columns ? valuesOf(short) : undefined;
  if (!values) return undefined;
  const gap = columns - short.length;
  const spread = <T>(xs: readonly T[], none: T): T[] => [...xs.slice(0, 2), ...Array<T>(gap).fill(none), ...xs.slice(2)];
  return { name, values: spread(values, undefined), cells: spread(short, '') };
}

interface Table {
  columns: string[];
  rows: Row[];
  /** Index of the line after the table. */
  end: number;
}

/** The table whose header is at `start`: rows under its rule, across further rules (before the total). */
function readTable(lines: readonly string[], start: number): Table | undefined {
  const columns = headerColumns(lines[start] ?? '');
  if (columns.length === 0 || !RULE.test(lines[start + 1] ?? '')) return undefined;
  const rows: Row[] = [];
  let j = start + 2;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line)) continue;
    if (isBlank(line)) break;
    const row = readRow(line, columns.length);
    if (!row) break;
    rows.push(row);
  }
  return rows.length === 0 ? undefined : { columns, rows, end: j };
}

function applyRow(run: PartialRun, columns: readonly string[], row: Row): void {
  columns.forEach((col, k) => {
    const v = row.values[k];
    const spec = columnKey(col);
    if (v === undefined || spec === undefined) return;
    // The percentile table repeats the count, and its 50% the median (rounded alike): the stats table's first.
    if (spec === 'count') {
      run.metrics.requests_count ??= v;
      return;
    }
    if (col.endsWith('%') && spec.key in run.metrics) return;
    setOwn(run.metrics, spec.key, applyFactor(v, spec.factor));
  });
  const { requests_count: n, requests_failed_count: failed } = run.metrics;
  if (n !== undefined && failed !== undefined) run.metrics.requests_ok_count = n - failed;
  if ((failed ?? 0) > 0 && !run.flags.includes('failed-requests')) run.flags.push('failed-requests');
}

function keepInRaw(run: PartialRun, columns: readonly string[], row: Row): void {
  columns.forEach((col, k) => {
    if (row.cells[k] === '') return;
    setOwn(run.raw, `${row.name} / ${col.replace(/^#/, '# ')}`, row.cells[k] ?? '');
  });
}

/** `All locusts hatched: APIUser: 40`, `All users spawned: {"A": 3, "B": 2} (5 total users)`: the users. */
function usersAbove(lines: readonly string[], start: number): { users: number; line: number } | undefined {
  for (let j = start - 1; j >= 0 && j >= start - USERS_LOOKBACK; j--) {
    const line = lines[j] ?? '';
    const at = line.search(/All (?:locusts|users) (?:hatched|spawned)/);
    if (at < 0) continue;
    const tail = line.slice(at);
    const total = /\((\d+) total users\)/.exec(tail)?.[1];
    if (total !== undefined) return { users: Number(total), line: j };
    let sum = 0;
    for (const m of tail.slice(tail.indexOf(':') + 1).matchAll(/\w+"?\s*:\s*(\d+)/g)) sum += Number(m[1]);
    return sum > 0 ? { users: sum, line: j } : undefined;
  }
  return undefined;
}

/** The percentile table right after the stats table (blank lines and its title between), if any. */
function percentileTable(lines: readonly string[], from: number): Table | undefined {
  let j = from;
  while (j < lines.length && j < from + 4 && (isBlank(lines[j]) || PERCENTILE_TITLE.test(lines[j] ?? ''))) j++;
  if (!HEADER.test(lines[j] ?? '') || !/\d%/.test(lines[j] ?? '')) return undefined;
  return readTable(lines, j);
}

function runsOf(stats: Table, start: number): PartialRun[] {
  const total = stats.rows.find((r) => TOTAL_NAMES.has(r.name));
  const runOf = (row: Row, k: number): PartialRun => {
    const run = partialRun('locust', start, `locust ${row.name}`, total ? undefined : k);
    applyRow(run, stats.columns, row);
    return run;
  };
  if (!total) return stats.rows.map(runOf);
  const run = runOf(total, 0);
  for (const row of stats.rows) if (row !== total) keepInRaw(run, stats.columns, row);
  return [run];
}

function readLocust(lines: readonly string[], start: number): BlockResult {
  const stats = readTable(lines, start);
  if (!stats) return emptyResult(start + 1);
  const runs = runsOf(stats, start);
  let end = stats.end;
  const pct = percentileTable(lines, stats.end);
  if (pct) {
    for (const run of runs) {
      const name = (run.title ?? '').replace(/^locust /, '');
      const row = pct.rows.find((r) => r.name === name);
      if (row) applyRow(run, pct.columns, row);
    }
    end = pct.end;
  }
  const users = usersAbove(lines, start);
  for (const run of runs) {
    if (users) {
      run.client = { concurrency: users.users };
      run.provenance['client.concurrency'] = `Locust's users started, line ${users.line + 1}`;
    }
    orderRun(run);
  }
  return { next: end, runs, env: [], samples: [], diagnostics: [] };
}

export const locustConsoleReader: BlockReader = {
  name: 'locust',
  mayStartWith: (c) => c === 0x4e || c === 0x54, // N(ame), T(ype)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (!line.startsWith('Name', k) && !line.startsWith('Type', k)) return false;
    return HEADER.test(line) && RULE.test(lines[i + 1] ?? '');
  },
  read: guardedRead('Locust stats table', (lines, i) => readLocust(lines, i)),
};
