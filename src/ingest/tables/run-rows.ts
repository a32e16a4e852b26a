/**
 * Runs as rows without a load column (issue 27): a per-model or per-configuration table
 * (`Rank | Model | TTFT (ms) | Latency (ms) | Tok/s`, `model | backend | test | t/s`). A table
 * is one when a column header names a performance metric the vocabulary knows (by name and
 * unit). Columns with no figure in any row are the runs' names or settings (kept in raw).
 *
 * A llama-bench-style `test` column (`pp512`, `tg 128`, `pp512+tg128`) says what the bare
 * rate columns measure: prompt processing is input tokens/s, generation output tokens/s
 * (and `ms/t` there is the time per output token); its numbers are the input/output lengths.
 * The same names as column headers (`Backend | pp512 | tg128`) make those columns the tests' rates.
 */
import { secondsOfTimeUnit } from '../../model/label-meaning';
import { isPerformanceMetric } from '../../model/metric-vocabulary';
import type { ClientSettings } from '../../model/records';
import { parseFigure } from '../../model/units-cell';
import { resolveLabel } from './label-resolve';
import type { Meaning } from './tool-metrics';

/** Whether `header` names a performance metric the vocabulary knows. */
export function isPerformanceHeader(header: string): boolean {
  const { read, known } = resolveLabel(header, {});
  return known && read.kind === 'metric' && isPerformanceMetric(read.key);
}

/** Columns where no row holds a figure: names and text settings of the runs. */
export function labelColumns(rows: readonly string[][], width: number): Set<number> {
  const out = new Set<number>();
  for (let c = 0; c < width; c++) if (!rows.some((r) => parseFigure(r[c] ?? '').value !== undefined)) out.add(c);
  return out;
}

const TEST_HEADER = /^test$/i;
const TEST_CELL = /^(pp|tg)\s*(\d+)(?:\s*\+\s*(pp|tg)\s*(\d+))?(?:\s*@\s*d\d+)?$/i;

/** What one llama-bench-style test measures, and the lengths it names. */
export interface TestMeaning {
  rateKey: 'input_tps' | 'output_tps' | 'total_tps';
  input?: number;
  output?: number;
}

/** The index of a `test` column whose cells are llama-bench test names, if any. */
export function testColumn(header: readonly string[], rows: readonly string[][]): number | undefined {
  const c = header.findIndex((h) => TEST_HEADER.test(h.trim()));
  if (c < 0) return undefined;
  return rows.some((r) => TEST_CELL.test((r[c] ?? '').trim())) ? c : undefined;
}

export function testMeaning(cell: string): TestMeaning | undefined {
  const m = TEST_CELL.exec(cell.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const parts: Array<[string, number]> = [[m[1].toLowerCase(), Number(m[2])]];
  if (m[3] && m[4]) parts.push([m[3].toLowerCase(), Number(m[4])]);
  const out: TestMeaning = { rateKey: parts.length > 1 ? 'total_tps' : parts[0]?.[0] === 'pp' ? 'input_tps' : 'output_tps' };
  for (const [kind, n] of parts) {
    if (kind === 'pp') out.input = n;
    else out.output = n;
  }
  return out;
}

const BARE_RATE = /^(t|tok|toks|tokens?)\s*\/\s*s(ec)?$|^throughput\s*\/\s*s$/i;
const PER_TOKEN_MS = /^ms\s*\/\s*(t|tok|token)$/i;

/** What a bare rate or per-token column means in a row of test `test`; undefined when the header is not one. */
export function testColumnMeaning(header: string, test: TestMeaning): Meaning | undefined {
  const h = header.trim();
  if (BARE_RATE.test(h)) return { kind: 'metric', key: test.rateKey, factor: 1 };
  if (PER_TOKEN_MS.test(h) && test.rateKey === 'output_tps') return { kind: 'metric', key: 'tpot_mean_ms', factor: 1 };
  return undefined;
}

/**
 * A column headed by a llama-bench test name (`pp512`, `tg128`, a table restating llama-bench
 * with one row per backend): its cells are that test's token rate when printed bare or with a
 * token-rate unit (`1900.72 ± 33.74 t/s`); undefined for any other header or cell.
 */
export function testHeaderMeaning(header: string, cell?: string): { meaning: Meaning; test: TestMeaning } | undefined {
  const test = testMeaning(header);
  if (!test) return undefined;
  const unit = cell === undefined ? undefined : parseFigure(cell).unit?.trim();
  if (unit !== undefined && !BARE_RATE.test(unit)) return undefined;
  return { meaning: { kind: 'metric', key: test.rateKey, factor: 1 }, test };
}

/** The lengths a llama-bench-style test names (`pp512` → input 512), as client settings the run lacks. */
export function applyTestLengths(
  run: { client?: ClientSettings; provenance: Record<string, string> },
  test: TestMeaning,
  column: string,
): void {
  for (const [key, value] of [
    ['input_len', test.input],
    ['output_len', test.output],
  ] as const) {
    if (value === undefined || run.client?.[key] !== undefined) continue;
    (run.client ??= {})[key] = value;
    run.provenance[`client.${key}`] = `the "${column.trim()}" column names the test`;
  }
}

/** `Total(ms)`, `Total time (s)`: a column of each row's total time. */
const TOTAL_TIME_HEADER = /^total(?:[\s_]+(?:time|latency))?\s*\(\s*([^()]+?)\s*\)$/i;

/**
 * `Total(ms)` beside `TTFT(ms)` in a runs-as-rows table: the time each row's request took in all,
 * its latency (one figure: the mean), not the whole benchmark's duration. Only when another
 * column is a per-request time (TTFT, TPOT, ITL); a `Total (s)` column alone stays a duration.
 */
export function requestTotalMeaning(header: readonly string[], column: string): Meaning | undefined {
  const unit = TOTAL_TIME_HEADER.exec(column.trim())?.[1];
  const seconds = unit === undefined ? undefined : secondsOfTimeUnit(unit);
  if (seconds === undefined) return undefined;
  const perRequest = header.some((h) => {
    const { read, known } = resolveLabel(h, {});
    return known && read.kind === 'metric' && /^(ttft|tpot|itl)_/.test(read.key);
  });
  return perRequest ? { kind: 'metric', key: 'latency_mean_s', factor: seconds } : undefined;
}
