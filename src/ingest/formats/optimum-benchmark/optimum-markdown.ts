/**
 * optimum-benchmark's Markdown report (`BenchmarkReport.to_markdown_text()`, saved as
 * `benchmark_report.md` or printed with rich): one `# <target>:` heading per target, one
 * `## <measure>:` heading per measurement under it, each a `| metric | value | unit |` table:
 *
 *   # prefill:
 *   ## memory:      | max_ram | 2085.01 | MB | …
 *   ## latency:     | count | 10 | - |, | total | 1.31 | s |, | mean | 0.13 | s |, p50 … stdev, stdev_ (%)
 *   ## throughput:  | throughput | 7.60 | samples/s |
 *   # decode: … # per_token: … # load_model: …
 *
 * One report is one run (a target met again starts the next). The targets mean what they mean
 * in the JSON report (optimum-metrics.ts): prefill's latency is the time to first token,
 * per_token's the inter-token latency, decode's throughput the output tokens/s. Memory, energy,
 * the sample count and totals stay in raw as written. Shape read from optimum-benchmark's
 * optimum_benchmark/benchmark/report.py and trackers (huggingface/optimum-benchmark).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { pipeCells, RULE_CELL } from '../../tables/pipe-cells';
import { firstNonSpace } from '../../tables/text-width';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { addLatency, addThroughput, normalTarget, secondsOf } from './optimum-metrics';

const TARGETS: ReadonlySet<string> = new Set(['load', 'prefill', 'decode', 'per_token', 'forward', 'generate', 'call']);
const TARGET_HEADING = /^\s*#\s+([A-Za-z_]+):\s*$/;
const MEASURE_HEADING = /^\s*##\s+(memory|latency|throughput|energy|efficiency):\s*$/;
const LATENCY_STATS: ReadonlySet<string> = new Set(['mean', 'p50', 'p90', 'p95', 'p99', 'stdev', 'min', 'max']);

function targetAt(line: string | undefined): string | undefined {
  const m = TARGET_HEADING.exec(line ?? '');
  const t = m ? normalTarget(m[1] ?? '') : undefined;
  return t !== undefined && TARGETS.has(t) ? (m?.[1] ?? '') : undefined;
}

function nextFilled(lines: readonly string[], i: number): number {
  let k = i;
  while (k < lines.length && isBlank(lines[k])) k++;
  return k;
}

interface Reading {
  run: PartialRun;
  target: string;
  measure: string;
  file: string;
  diagnostics: Diagnostic[];
}

function readRow(r: Reading, cells: readonly string[], j: number): void {
  const [name = '', text = '', unit = ''] = cells;
  if (name === 'metric' || RULE_CELL.test(name)) return;
  setOwn(r.run.raw, `${r.target}.${r.measure}.${name}`, unit && unit !== '-' ? `${text} ${unit}` : text);
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) {
    r.diagnostics.push(
      diag(
        'warning',
        'cell-unparsed',
        `optimum-benchmark ${r.target} ${r.measure} "${name}": "${text}" is no number, kept in raw`,
        r.file,
        j,
      ),
    );
    return;
  }
  if (r.measure === 'latency' && LATENCY_STATS.has(name)) {
    const seconds = secondsOf(value, unit);
    if (seconds !== undefined) addLatency(r.run, r.target, name, seconds);
  } else if (r.measure === 'throughput' && name === 'throughput') addThroughput(r.run, r.target, value, unit);
}

function readReport(lines: readonly string[], start: number, file: string): BlockResult {
  const run = partialRun('optimum-benchmark', start, 'optimum-benchmark report');
  const r: Reading = { run, target: '', measure: '', file, diagnostics: [] };
  const seen = new Set<string>();
  let j = start;
  let last = start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const target = targetAt(line);
    const measure = MEASURE_HEADING.exec(line)?.[1];
    const cells = target || measure ? undefined : pipeCells(line);
    if (target) {
      if (seen.has(target)) break; // the next report
      seen.add(target);
      r.target = target;
      r.measure = '';
    } else if (measure) r.measure = measure;
    else if (cells && r.measure !== '') readRow(r, cells, j);
    else break;
    last = j;
  }
  const next = last + 1;
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(next), diagnostics: r.diagnostics };
  return { next, runs: [orderRun(run)], env: [], samples: [], diagnostics: r.diagnostics };
}

export const optimumMarkdownReader: BlockReader = {
  name: 'optimum-benchmark',
  mayStartWith: (first) => first === 0x23, // `#`
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || line.charCodeAt(firstNonSpace(line)) !== 0x23 || targetAt(line) === undefined) return false;
    return MEASURE_HEADING.test(lines[nextFilled(lines, i + 1)] ?? '');
  },
  read: guardedRead('optimum-benchmark Markdown report', readReport),
};

/** The line span [start, end) of each optimum-benchmark Markdown report in `lines` (a Markdown report leaves them to this reader). */
export function optimumMarkdownSpans(lines: readonly string[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!optimumMarkdownReader.startsAt(lines, i)) continue;
    const end = readReport(lines, i, '').next;
    spans.push({ start: i, end });
    i = end - 1;
  }
  return spans;
}
