/**
 * go-stress-testing (link1st/go-stress-testing) console output → one run, plus its progress
 * rows as time-series samples:
 *   ` 开始启动  并发数:10 请求数:100 请求参数:` and the `request:` lines under it (optional),
 *   a table of CUMULATIVE snapshots, one row a second, under the header ` 耗时│ 并发数│ 成功数│
 *   失败数│   qps  │最长耗时│最短耗时│平均耗时│[下载字节│字节每秒│] 错误码` between `─┬─` / `─┼─`
 *   rules (elapsed, goroutines seen, successes, failures, qps, max/min/mean latency in ms,
 *   bytes, status codes `200:11;429:9`), then the `结果 stat` banner: `处理协程数量: 1`,
 *   `请求总数（并发数*请求数 -c * -n）: 100 总请求时间: 13.055 秒 successNum: 100 failureNum: 0`
 *   (some versions add `最慢响应时间:` / `最小响应时间:` and `tp50:` … `tp99:` lines, in ms).
 * The rows are snapshots of ONE run, so the run is the final state: the last row and the stat
 * block. Every row is also a sample (series `throughput_rps`, `latency_mean_s` …, t = elapsed s).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import { applyFactor } from '../../../model/metric-vocabulary';
import type { SampleRecord } from '../../../model/records';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, lineSample, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const BAR = '│';
const RULE = /^\s*─+[┬┼┴]─/;
const START = /开始启动\s+并发数[:：]\s*(\d+)\s+(?:请求数|循环次数)[:：]\s*(\d+)/;
const BANNER = /^\s*\*{5,}\s*结果\s*(stat|end)\s*\*{5,}\s*$/;
/** A `key: value` pair of the stat block; parenthesised glosses (`（并发数*请求数 -c * -n）`) are dropped first. */
const STAT_PAIR = /([^\s:：]+)\s*[:：]\s*(-?\d+(?:\.\d+)?)(\s*秒)?/g;

/** Header words → what the column holds. */
const COLUMNS: Readonly<Record<string, string>> = {
  耗时: 'elapsed',
  并发数: 'goroutines',
  成功数: 'ok',
  失败数: 'failed',
  qps: 'qps',
  最长耗时: 'max',
  最短耗时: 'min',
  平均耗时: 'mean',
  下载字节: 'bytes',
  字节每秒: 'bytes_per_s',
  错误码: 'codes',
};

/** Row columns → sample series (latencies printed in ms, stored in s). */
const SERIES: ReadonlyArray<[string, string, number]> = [
  ['qps', 'throughput_rps', 1],
  ['mean', 'latency_mean_s', 1e-3],
  ['max', 'latency_max_s', 1e-3],
  ['min', 'latency_min_s', 1e-3],
  ['ok', 'requests_ok_count', 1],
  ['failed', 'requests_failed_count', 1],
];

function isHeader(line: string | undefined): boolean {
  if (line === undefined) return false;
  return line.includes('耗时') && line.includes('并发数') && line.includes(BAR);
}

type Row = Map<string, string>;

function cellsOf(line: string): string[] {
  return line.split(BAR).map((c) => c.trim());
}

/** A row's cell as a number (`132,984`, `13s`); undefined when empty or not a number. */
function num(row: Row, key: string): number | undefined {
  const t = (row.get(key) ?? '').replace(/,/g, '').replace(/s$/, '');
  return /^-?\d+(?:\.\d+)?$/.test(t) ? Number(t) : undefined;
}

interface GoStress {
  run: PartialRun;
  samples: SampleRecord[];
  columns: string[];
  /** The header's words as printed (raw keys). */
  headers: string[];
  last?: { row: Row; index: number };
  /** The preamble's `并发数` and `请求数` (requests per goroutine). */
  preamble?: { concurrency: number; perGoroutine: number; line: number };
}

function preamble(g: GoStress, lines: readonly string[], start: number): number {
  const m = START.exec(lines[start] ?? '');
  if (!m) return start;
  g.preamble = { concurrency: Number(m[1]), perGoroutine: Number(m[2]), line: start };
  setOwn(g.run.raw, '开始启动', (lines[start] ?? '').trim());
  let j = start + 1;
  // `request:` and its ` key:value` lines (form, url, method, headers, …), blank lines, ` deadline …`.
  for (; j < lines.length && !RULE.test(lines[j] ?? '') && !isHeader(lines[j]); j++) {
    const line = lines[j] ?? '';
    if (isBlank(line) || /^\s*request:\s*$/.test(line)) continue;
    const kv = /^\s*(\w+):(.*?)\s*$/.exec(line);
    if (!kv?.[1] && !/^\s*deadline\b/.test(line)) return -1;
    if (kv?.[1]) setOwn(g.run.raw, `request ${kv[1]}`, kv[2] ?? '');
    if (kv?.[1] === 'url' && kv[2]) {
      (g.run.client ??= {}).url = kv[2].trim();
      g.run.provenance['client.url'] = `go-stress-testing request url at line ${j + 1}`;
    }
  }
  return j;
}

function addSamples(g: GoStress, row: Row, index: number, file: string): void {
  const t = num(row, 'elapsed');
  for (const [column, series, factor] of SERIES) {
    const v = num(row, column);
    if (v === undefined) continue;
    const id = recordId(file, index + 1, undefined, series);
    const source: SampleRecord['source'] = { file, line: index + 1, format: 'go-stress' };
    const value = applyFactor(v, factor);
    const labels = { tool: 'go-stress-testing' };
    g.samples.push(lineSample({ id, source, t, series, labels, value }));
  }
}

/** The table: header, rules, rows. Returns the index after it, or -1 when there is no header. */
function table(g: GoStress, lines: readonly string[], start: number, file: string): number {
  let j = start;
  if (RULE.test(lines[j] ?? '')) j++;
  if (!isHeader(lines[j])) return -1;
  g.headers = cellsOf(lines[j] ?? '');
  g.columns = g.headers.map((h) => COLUMNS[h] ?? slugify(h));
  for (j++; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line)) continue;
    const cells = cellsOf(line);
    if (cells.length !== g.columns.length || !/^\d+s$/.test(cells[0] ?? '')) break;
    const row: Row = new Map(g.columns.map((c, k) => [c, cells[k] ?? '']));
    addSamples(g, row, j, file);
    g.last = { row, index: j };
  }
  return j;
}

/** The final row: the run's latencies, throughput and counts (the stat block may refine the counts). */
function finalRow(g: GoStress): void {
  const { run, last } = g;
  if (!last) return;
  const at = `last progress row (line ${last.index + 1})`;
  const put = (key: string, v: number | undefined, why: string): void => {
    if (v === undefined) return;
    setOwn(run.metrics, key, v);
    run.provenance[`metrics.${key}`] = `${why}, ${at}`;
  };
  put('throughput_rps', num(last.row, 'qps'), "go-stress-testing's qps (successes × goroutines ÷ summed latency)");
  for (const stat of ['max', 'min', 'mean']) {
    const ms = num(last.row, stat);
    put(`latency_${stat}_s`, ms === undefined ? undefined : applyFactor(ms, 1e-3), `${stat} latency in ms`);
  }
  put('requests_ok_count', num(last.row, 'ok'), '成功数');
  put('requests_failed_count', num(last.row, 'failed'), '失败数');
  put('duration_s', num(last.row, 'elapsed'), 'elapsed seconds, whole');
  g.columns.forEach((c, k) => {
    setOwn(run.raw, g.headers[k] ?? c, last.row.get(c) ?? '');
  });
  const goroutines = num(last.row, 'goroutines');
  if (goroutines !== undefined) {
    (run.client ??= {}).concurrency = goroutines;
    run.provenance['client.concurrency'] = `并发数 (goroutines that sent requests), ${at}`;
  }
}

/** The `结果 stat` block's pairs; returns the index after it (or `j` when there is none). */
function statBlock(g: GoStress, lines: readonly string[], j: number): number {
  let k = j;
  while (k < lines.length && isBlank(lines[k])) k++;
  if (BANNER.exec(lines[k] ?? '')?.[1] !== 'stat') return j;
  for (k++; k < lines.length; k++) {
    const line = lines[k] ?? '';
    const banner = BANNER.exec(line);
    if (banner) return banner[1] === 'end' ? k + 1 : k;
    if (isBlank(line)) break;
    const pairs = [...line.replace(/（[^）]*）|\([^)]*\)/g, '').matchAll(STAT_PAIR)];
    if (pairs.length === 0) break;
    for (const p of pairs) statPair(g, p[1] ?? '', Number(p[2]), p[0], k);
  }
  return k;
}

function statPair(g: GoStress, label: string, value: number, text: string, index: number): void {
  const { run } = g;
  const at = `go-stress-testing 结果 stat at line ${index + 1}`;
  setOwn(run.raw, label, text.slice(text.search(/[:：]/) + 1).trim());
  const tp = /^tp(\d+)$/.exec(label);
  if (tp?.[1]) {
    setOwn(run.metrics, `latency_p${tp[1]}_s`, applyFactor(value, 1e-3));
    run.provenance[`metrics.latency_p${tp[1]}_s`] = `${label} in ms, ${at}`;
    return;
  }
  const client = run.client ?? {};
  if (label === '处理协程数量') {
    client.concurrency = value;
    run.provenance['client.concurrency'] = `处理协程数量 (goroutines), ${at}`;
  } else if (label === '请求总数') {
    client.total_requests = value;
    run.provenance['client.total_requests'] = `请求总数 (successes + failures), ${at}`;
  } else if (label === '总请求时间') {
    run.metrics.duration_s = value;
    run.provenance['metrics.duration_s'] = `总请求时间 (s), ${at}`;
  } else if (label === 'successNum' || label === 'failureNum') {
    const key = label === 'successNum' ? 'requests_ok_count' : 'requests_failed_count';
    run.metrics[key] = value;
    run.provenance[`metrics.${key}`] = `${label}, ${at}`;
  }
  // 最慢响应时间 / 最小响应时间 are printed as whole ms: the last row's finer figures stay.
  if (Object.keys(client).length > 0) run.client = client;
}

function readGoStress(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('go-stress', start, 'go-stress-testing');
  const g: GoStress = { run, samples: [], columns: [], headers: [] };
  const tableAt = preamble(g, lines, start);
  const afterTable = tableAt < 0 ? -1 : table(g, lines, tableAt, file);
  if (afterTable < 0 || !g.last) return { ...emptyResult(start + 1), diagnostics };
  finalRow(g);
  const end = statBlock(g, lines, afterTable);
  if (!run.client?.total_requests && g.preamble) {
    const { concurrency, perGoroutine, line } = g.preamble;
    (run.client ??= {}).total_requests = concurrency * perGoroutine;
    run.provenance['client.total_requests'] = `并发数 × 请求数 (${concurrency} × ${perGoroutine}) at line ${line + 1}`;
  }
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  if (end === afterTable)
    diagnostics.push(diag('info', 'context-missing', 'go-stress-testing: no 结果 stat block after the table', file, start));
  return { next: end, runs: [orderRun(run)], env: [], samples: g.samples, diagnostics };
}

export const goStressReader: BlockReader = {
  name: 'go-stress',
  mayStartWith: (c) => c === 0x2500 || c === 0x5f00 || c === 0x8017, // as startsAt: ─ 开 耗
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const c = line.charCodeAt(textStart(lines, i));
    if (c === 0x2500) return RULE.test(line) && isHeader(lines[i + 1]); // ─ above the header
    if (c === 0x5f00) return START.test(line); // 开始启动
    return c === 0x8017 && isHeader(line); // 耗时…, pasted without the rule above
  },
  read: guardedRead('go-stress-testing output', readGoStress),
};
