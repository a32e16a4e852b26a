/**
 * guidellm 0.2's console tables, `Benchmarks Info:` and `Benchmarks Stats:`:
 *
 *   Benchmarks Stats:
 *   =============================================================
 *   Metadata     | Request Stats         || Out Tok/sec| Req Latency (ms)||| …
 *       Benchmark| Per Second| Concurrency|        mean| mean| median|  p99| …
 *   -------------|-----------|------------|------------|-----|-------|-----|-…
 *     synchronous|       0.23|        1.00|        58.7| 4.36|   4.27| 4.91| …
 *   =============================================================
 *
 * `|` between columns and none at the line's edges; a line of section names over the headers,
 * each followed by as many `|` as columns it spans (the last one by one fewer). One run per
 * benchmark row, the Info and Stats tables joined by row.
 *
 * `Req Latency (ms)` holds seconds: guidellm 0.2's console (`print_benchmarks_stats`) fills
 * those columns from `request_latency` (seconds) while TTFT, ITL and TPOT come from the
 * `*_ms` fields; the numbers agree (`4.36` there, `4.36s Lat` in the progress panel).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import type { BlockResult, PartialRun } from '../../types';

// `Benchmark Stats:` (singular) in the releases that print `Req Latency (sec)`.
const TITLE = /^\s*Benchmarks? (Info|Stats):\s*$/;
const EQUALS_RULE = /^\s*={10,}\s*$/;
const DASH_RULE = /^\s*-+(?:\|-+)+\s*$/;
const LATENCY_WHY =
  "guidellm 0.2 prints request latency in seconds under its 'Req Latency (ms)' header (its console reads request_latency, in seconds, where TTFT/ITL/TPOT read the *_ms fields)";

interface V02Table {
  kind: 'Info' | 'Stats';
  title: number;
  /** Section name per column. */
  sections: string[];
  headers: string[];
  rows: Array<{ index: number; cells: string[] }>;
  next: number;
}

function cellsOf(line: string): string[] {
  return line.split('|').map((c) => c.trim());
}

/** Section name per column from `Metadata |||| Requests Made ||| …`; undefined when the spans do not add up. */
function sectionsOf(line: string, columns: number): string[] | undefined {
  const parts = [...line.matchAll(/([^|]+)(\|*)/g)].map((m) => ({ name: (m[1] ?? '').trim(), pipes: (m[2] ?? '').length }));
  const named = parts.filter((p) => p.name !== '');
  const out: string[] = [];
  named.forEach((p, k) => {
    const span = k === named.length - 1 ? p.pipes + 1 : p.pipes;
    for (let c = 0; c < span; c++) out.push(p.name);
  });
  return out.length === columns ? out : undefined;
}

function readTable(lines: readonly string[], i: number): V02Table | undefined {
  const title = TITLE.exec(lines[i] ?? '');
  if (!title?.[1] || !EQUALS_RULE.test(lines[i + 1] ?? '') || !DASH_RULE.test(lines[i + 4] ?? '')) return undefined;
  const headers = cellsOf(lines[i + 3] ?? '');
  const sections = sectionsOf(lines[i + 2] ?? '', headers.length);
  if (!sections || !/^benchmark$/i.test(headers[0] ?? '')) return undefined;
  const rows: V02Table['rows'] = [];
  let k = i + 5;
  for (; k < lines.length && !EQUALS_RULE.test(lines[k] ?? ''); k++) {
    const cells = cellsOf(lines[k] ?? '');
    if (cells.length !== headers.length) break;
    rows.push({ index: k, cells });
  }
  if (rows.length === 0) return undefined;
  return { kind: title[1] as 'Info' | 'Stats', title: i, sections, headers, rows, next: EQUALS_RULE.test(lines[k] ?? '') ? k + 1 : k };
}

export function startsGuidellmV02(lines: readonly string[], i: number): boolean {
  return TITLE.test(lines[i] ?? '') && readTable(lines, i) !== undefined;
}

/** The key (and factor, note) of a column, by its section and header; undefined: raw only. */
function columnKey(section: string, header: string): { key: string; note?: string } | undefined {
  const s = section.toLowerCase();
  const h = header.toLowerCase();
  const stat = h === 'median' ? 'p50' : h;
  const plain: Record<string, string> = {
    'request stats|per second': 'throughput_rps',
    'request stats|concurrency': 'measured_concurrency',
    'out tok/sec|mean': 'output_tps',
    'tot tok/sec|mean': 'total_tps',
    'metadata|duration (s)': 'duration_s',
    'requests made|comp': 'requests_ok_count',
    'requests made|err': 'requests_failed_count',
    'requests made|inc': 'requests_incomplete_count',
    'prompt tok/req|comp': 'input_tokens_mean',
    'output tok/req|comp': 'output_tokens_mean',
    'prompt tok total|comp': 'input_tokens',
    'output tok total|comp': 'output_tokens',
  };
  const hit = plain[`${s}|${h}`];
  if (hit) return { key: hit };
  if (!/^(mean|median|p99|p95|p90|p50)$/.test(h)) return undefined;
  if (s === 'req latency (ms)') return { key: `latency_${stat}_s`, note: LATENCY_WHY };
  if (s === 'req latency (sec)' || s === 'req latency (s)') return { key: `latency_${stat}_s` };
  const q = /^(ttft|itl|tpot) \(ms\)$/.exec(s)?.[1];
  return q ? { key: `${q}_${stat}_ms` } : undefined;
}

function putRow(run: PartialRun, t: V02Table, cells: string[], line: number): void {
  cells.forEach((cell, c) => {
    if (c === 0 || cell === '') return;
    const section = t.sections[c] ?? '';
    const header = t.headers[c] ?? '';
    setOwn(run.raw, `${section} ${header}`, cell);
    const col = columnKey(section, header);
    const value = Number(cell.replace(/,/g, ''));
    if (!col || !Number.isFinite(value) || Object.hasOwn(run.metrics, col.key)) return;
    setOwn(run.metrics, col.key, value);
    if (col.note) run.provenance[`metrics.${col.key}`] = `${col.note}; line ${line + 1}`;
  });
}

/** Reads the Info and Stats tables that start at `i` (in either order, one after the other). */
export function readGuidellmV02(
  lines: readonly string[],
  i: number,
  file: string,
  context: (run: PartialRun, name: string, where: string) => void,
): BlockResult {
  const tables: V02Table[] = [];
  let t = readTable(lines, i);
  while (t && !tables.some((x) => x.kind === t?.kind)) {
    tables.push(t);
    let k = t.next;
    while (k < lines.length && k < t.next + 6 && !TITLE.test(lines[k] ?? '')) k++;
    t = readTable(lines, k);
  }
  const diagnostics: Diagnostic[] = [];
  const first = tables[0];
  if (!first) return { next: i + 1, runs: [], env: [], samples: [], diagnostics };
  const runs: PartialRun[] = first.rows.map((row, r) => {
    const name = row.cells[0] ?? '';
    const run = partialRun('guidellm', first.title, `guidellm Benchmarks ${first.kind}`, r + 1);
    setOwn(run.raw, 'Benchmark', name);
    for (const table of tables) {
      const same = table.rows[r]?.cells[0] === name ? table.rows[r] : table.rows.find((x) => x.cells[0] === name);
      if (same) putRow(run, table, same.cells, same.index);
      else
        diagnostics.push({
          severity: 'warning',
          code: 'table-malformed',
          message: `benchmark "${name}" is not in the Benchmarks ${table.kind} table at line ${table.title + 1}`,
          file,
          line: table.title + 1,
        });
    }
    context(run, name, `Benchmarks ${first.kind} table at line ${first.title + 1}`);
    return run;
  });
  const last = tables[tables.length - 1] ?? first;
  return { next: last.next, runs, env: [], samples: [], diagnostics };
}
