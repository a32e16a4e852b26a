/**
 * k6 end-of-test summary → one run. Metric lines use dotted leaders:
 *   `http_req_duration..............: avg=3.85s    min=591.13µs med=241.81ms max=14.83s   p(90)=9.51s    p(95)=10.74s`
 *   `http_reqs......................: 2000   8.164373/s`
 *   `http_req_failed................: 0.00%  ✓ 0        ✗ 2000`
 *   `vus_max........................: 32     min=32     max=32`
 * The `execution:`/`scenarios:` header before them and the `running (04m05.0s), …` progress line
 * belong to the block, before the metrics (as k6 prints them) or after them. Between the
 * progress line and the metrics k6 prints the scenario's bar, group titles (`█ setup`), check
 * results (`✓ status was 200`) and, from extensions, log lines (`INFO[0046] …`): the prelude.
 * A pasted excerpt may lack any one marker (no header, no http_req_duration, a custom trend
 * first): the block starts at its header, its progress line, or a dotted metric line with a
 * k6 built-in metric among the first few. Durations are converted to the vocabulary's units.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import {
  applyFactor,
  lookupLabelShared,
  normaliseStat,
  parseNumber,
  secondsPerUnit,
  unknownMetricKey,
} from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const METRIC = /^\s*([✓✗↳█]\s*)?([A-Za-z_{][\w{}:.\s"-]*?)\.{2,}\s*:\s*(.*?)\s*$/;
const HEADER = /^\s*execution:\s*(local|cloud)\b/;
const SCENARIOS = /^\s*scenarios:\s*\(\d+(?:\.\d+)?%\)\s*\d+ scenarios?,\s*\d+ max VUs/;
const RUNNING = /^\s*running \(((?:\d+h)?(?:\d+m)?[\d.]+s)\),\s*(\d+)\/(\d+) VUs,\s*(\d+) complete and (\d+) interrupted iterations/;
/** k6's built-in metrics: one of them among a block's first metric lines makes it k6's. */
const BUILT_IN =
  /^\s*(?:[✓✗]\s*)?(checks|checks_total|checks_succeeded|data_received|data_sent|http_req_\w+|http_reqs|iteration_duration|iterations|vus|vus_max|group_duration)\.{2,}\s*:/;
/** Lines between the progress line and the metrics: the scenario bar, checks, groups, extension logs. */
const PRELUDE = /^\s*(?:\S.*\[\s*=*>?\s*=*\s*\]|[✓✗]\s+\S|↳|█\s|(?:INFO|WARN|ERRO|DEBU)\[\d+\]|time="[^"]*" level=|\*\s)/;
/** A check's result (`✓ status was 200`) and its pass count (`↳  98% — ✓ 402 / ✗ 8`), among the metrics in k6 ≥ 1.0. */
const CHECK = /^\s*(?:[✓✗]\s+\S|↳)/;
/** How far a progress line or header may be above the first metric line. */
const PRELUDE_LINES = 40;
/** Lines that may sit between metric lines in k6 ≥ 1.0 summaries (section titles). */
const SECTION = /^\s*(█\s+.*|[A-Z][A-Z ]+)$/;
const HTML_CLOSE = /\s*(?:<\/[a-z]+>)+$/;

/** `04m05.0s`, `1h2m3s`, `10m0s`, `245ms` → seconds. */
export function k6DurationSeconds(text: string): number | undefined {
  const t = text.trim();
  const single = /^([\d.]+)(ns|µs|μs|us|ms|s)$/.exec(t);
  if (single?.[1] && single[2]) {
    const f = secondsPerUnit(single[2]);
    return f === undefined ? undefined : applyFactor(Number(single[1]), f);
  }
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return undefined;
  return applyFactor(Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0), 1);
}

function isMetricLine(line: string | undefined): boolean {
  return line !== undefined && METRIC.test(line) && !/^\s*(execution|script|output|scenarios)\s*:/.test(line);
}

/** `avg=3.85s min=591.13µs …` → stat → seconds. */
function trendStats(text: string): Array<{ stat: string; seconds?: number; value: number; unit: string }> {
  const out: Array<{ stat: string; seconds?: number; value: number; unit: string }> = [];
  for (const m of text.matchAll(/([a-z]+|p\([\d.]+\))=([\d.]+)([a-zµμ]*)/gi)) {
    const stat = m[1] ?? '';
    const value = Number(m[2]);
    const unit = m[3] ?? '';
    if (!Number.isFinite(value)) continue;
    const f = unit === '' ? undefined : secondsPerUnit(unit);
    const entry: { stat: string; seconds?: number; value: number; unit: string } = { stat, value, unit };
    if (f !== undefined) entry.seconds = applyFactor(value, f);
    else if (unit === '' && value === 0) entry.seconds = 0; // k6 prints a zero duration as "0s"; bare 0 only for counts
    out.push(entry);
  }
  return out;
}

/** One metric line's value into the run (kept in raw as printed), by its shape: trend, rate, counter, gauge, number. */
function applyMetric(run: PartialRun, name: string, value: string, file: string, index: number, diagnostics: Diagnostic[]): void {
  setOwn(run.raw, name, value);
  if (name.startsWith('{')) return; // sub-metric (`{ expected_response:true }`): raw only
  if (applyTrend(run, name, value) || applyRate(run, name, value) || applyCounter(run, name, value) || applyGauge(run, name, value, index))
    return;
  const n = parseNumber(value);
  if (n.value !== undefined) setOwn(run.metrics, unknownMetricKey(name, n.unit), n.value);
  else diagnostics.push(diag('info', 'cell-unparsed', `k6 metric "${name}" not read: ${value}`, file, index));
}

/** A k6 statistic (`avg`, `med`, `p(90)`, `p(99.99)`) → the vocabulary's (`mean`, `p50`, `p90`, `p99_99`). */
export function k6Stat(word: string): string | undefined {
  const p = /^p\(([\d.]+)\)$/.exec(word);
  return normaliseStat(word) ?? (p?.[1] ? percentileStat(p[1]) : undefined);
}

/** Keys of the quantities this reader gives their vocabulary meaning (request latency, TTFT …): no custom trend's slug. */
const RESERVED = /^(latency|ttft|tpot|itl)_/;
/** Vocabulary quantities a custom trend may take by its name: those HTTP never measures (no clash with http_req_duration). */
const LLM_TIMED = /^(ttft|tpot|itl)_mean_/;

/**
 * The key of one statistic of a k6 trend, and the factor from its value (in seconds when
 * `timed`, else as recorded) to the key's unit — the console summary and the JSON exports
 * share it. http_req_duration is the request latency; a custom trend the vocabulary reads by
 * its name as TTFT, TPOT or ITL (`ttft`, `time_to_first_token`, `inter_token_latency`) is that,
 * and a count trend of per-request tokens (`output_tokens`) keeps its statistic; any other
 * trend, and a sub-metric (`http_req_duration{expected_response:true}`), is a slug of its name
 * and statistic. Undefined for a statistic the vocabulary has no word for.
 */
export function k6TrendKey(name: string, statWord: string, timed: boolean): { key: string; factor: number } | undefined {
  const stat = k6Stat(statWord);
  if (!stat) return undefined;
  const hit = name.includes('{') ? undefined : lookupLabelShared(name, timed ? 's' : undefined, 'avg');
  if (hit?.kind === 'metric' && timed && (name === 'http_req_duration' || LLM_TIMED.test(hit.key)))
    return { key: hit.key.replace('_mean_', `_${stat}_`), factor: hit.factor };
  if (hit?.kind === 'metric' && !timed && /^(input|output)_tokens_mean$/.test(hit.key))
    return { key: hit.key.replace(/_mean$/, `_${stat}`), factor: 1 };
  // A custom trend named `latency` is not the request latency (http_req_duration is): its own key must not be the vocabulary's.
  const own = unknownMetricKey(`${name} ${stat}`, timed ? 's' : undefined);
  return { key: RESERVED.test(own) ? `custom_${own}` : own, factor: 1 };
}

/** A trend (`avg=… min=… med=…`): latency for http_req_duration, TTFT… by name, a slug per stat for the others (in seconds). */
function applyTrend(run: PartialRun, name: string, value: string): boolean {
  const stats = trendStats(value);
  if (stats.length === 0 || !/avg=/.test(value)) return false;
  for (const s of stats) {
    // No time unit: a trend of counts (vus min/max are not trends; this is e.g. a custom metric).
    const k = k6TrendKey(name, s.stat, s.seconds !== undefined);
    if (k) setOwn(run.metrics, k.key, applyFactor(s.seconds ?? s.value, k.factor));
  }
  return true;
}

/**
 * A rate: `0.00%  ✓ 0  ✗ 2000` (✓ the true values, ✗ the false) or, from k6 1.0, `0.00%  0 out of
 * 2000` (the true values of all). For http_req_failed the true values are the failed requests;
 * for checks (1.0: checks_succeeded / checks_failed) the passed and failed checks.
 */
function applyRate(run: PartialRun, name: string, value: string): boolean {
  const marks = /^([\d.]+)%\s+✓\s*(\d+)\s+✗\s*(\d+)/.exec(value);
  const outOf = marks ? undefined : /^([\d.]+)%\s+(\d+) out of (\d+)$/.exec(value);
  const rate = marks ?? outOf;
  if (!rate) return false;
  const pct = Number(rate[1]);
  const trues = Number(rate[2]);
  const falses = marks ? Number(rate[3]) : Number(rate[3]) - trues;
  if (name === 'checks' || name === 'checks_succeeded') {
    setOwn(run.metrics, 'checks_pct', pct);
    setOwn(run.metrics, 'checks_passed_count', trues);
    setOwn(run.metrics, 'checks_failed_count', falses);
  } else if (name === 'checks_failed') {
    setOwn(run.metrics, 'checks_failed_count', trues);
    setOwn(run.metrics, 'checks_passed_count', falses);
  } else if (name === 'http_req_failed') {
    setOwn(run.metrics, 'requests_failed_count', trues);
    setOwn(run.metrics, 'requests_ok_count', falses);
    setOwn(run.metrics, 'http_req_failed_pct', pct);
    if (trues > 0) run.flags.push('failed-requests');
  } else {
    setOwn(run.metrics, unknownMetricKey(name, '%'), pct);
  }
  return true;
}

/** A counter (`2000   8.164373/s`): the count and its rate; for http_reqs, the throughput. */
function applyCounter(run: PartialRun, name: string, value: string): boolean {
  const counter = /^([\d.]+)\s*([A-Za-z]*)\s+([\d.]+)\s*([A-Za-z]*)\/s$/.exec(value);
  if (!counter) return false;
  const count = Number(counter[1]);
  const perSecond = Number(counter[3]);
  if (name === 'http_reqs') {
    setOwn(run.metrics, 'throughput_rps', perSecond);
    setOwn(run.metrics, 'http_reqs', count);
  } else {
    setOwn(run.metrics, unknownMetricKey(name, counter[2] || undefined), count);
    setOwn(run.metrics, `${unknownMetricKey(name, counter[4] || undefined)}_per_s`, perSecond);
  }
  return true;
}

/** A gauge (`32  min=32  max=32`); vus_max is the client's concurrency, vus (the last value) only when constant. */
function applyGauge(run: PartialRun, name: string, value: string, index: number): boolean {
  // An excerpt cut inside the line (`12  min=12  max=`) is still the gauge: its max is unknown.
  const gauge = /^(\d+(?:\.\d+)?)\s+min=(\d+(?:\.\d+)?)\s+max=(\d+(?:\.\d+)?)?$/.exec(value);
  if (!gauge) return false;
  if (gauge[3] === undefined) return true;
  if (name === 'vus_max') {
    (run.client ??= {}).concurrency = Number(gauge[1]);
    run.provenance['client.concurrency'] = `k6 vus_max at line ${index + 1} (the most virtual users the test allowed)`;
  } else if (name === 'vus' && gauge[1] === gauge[2] && gauge[2] === gauge[3] && run.client?.concurrency === undefined) {
    // The same number of VUs from start to end: the test's concurrency (vus_max, later, says it too).
    (run.client ??= {}).concurrency = Number(gauge[1]);
    run.provenance['client.concurrency'] = `k6 vus at line ${index + 1}: the same at its min and max`;
  } else if (name !== 'vus') {
    setOwn(run.metrics, unknownMetricKey(name), Number(gauge[1]));
  }
  return true;
}

/** The header (`execution:` … `scenarios:` and its `* name:` lines): raw, and `N max VUs` as the concurrency. */
function readHeader(run: PartialRun, lines: readonly string[], start: number): number {
  let j = start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isMetricLine(line)) break;
    const kv = /^\s*(execution|script|output|scenarios):\s*(.*?)\s*$/.exec(line);
    if (kv?.[1]) {
      setOwn(run.raw, kv[1], kv[2] ?? '');
      const vus = /(\d+) max VUs/.exec(kv[2] ?? '');
      if (kv[1] === 'scenarios' && vus) {
        (run.client ??= {}).concurrency = Number(vus[1]);
        run.provenance['client.concurrency'] = `k6 "scenarios: … ${vus[1]} max VUs" at line ${j + 1}`;
      }
      continue;
    }
    if (isBlank(line) || /^\s*\*/.test(line)) continue;
    break;
  }
  return j;
}

/**
 * `running (11.0s), 00/10 VUs, 33 complete and 0 interrupted iterations`: the elapsed time is the
 * test's duration, the VUs' maximum its concurrency (unless the header or vus_max says it), the
 * iteration counts are kept (unless the summary's `iterations` counter gives them). A log printing
 * progress every second has many: the last one wins.
 */
function readRunning(run: PartialRun, r: RegExpExecArray, line: string, index: number): void {
  setOwn(run.raw, 'running', line.trim());
  const d = k6DurationSeconds(r[1] ?? '');
  if (d !== undefined) run.metrics.duration_s = d;
  run.metrics.iterations_completed_count = Number(r[4]);
  run.metrics.iterations_interrupted_count = Number(r[5]);
  const client = (run.client ??= {});
  if (client.concurrency === undefined || /^k6 progress/.test(run.provenance['client.concurrency'] ?? '')) {
    client.concurrency = Number(r[3]);
    run.provenance['client.concurrency'] = `k6 progress line at line ${index + 1} (the most virtual users of the scenario)`;
  }
}

/** Index of the first metric line after the prelude from `start`, or -1 (another line, or too far). */
function afterPrelude(lines: readonly string[], start: number): number {
  for (let j = start; j < lines.length && j < start + PRELUDE_LINES; j++) {
    const line = lines[j] ?? '';
    if (isMetricLine(line)) return j;
    if (isBlank(line) || PRELUDE.test(line) || RUNNING.test(line) || SECTION.test(line)) continue;
    return -1;
  }
  return -1;
}

/** The progress lines and checks before the metrics; the index of the first metric line. */
function readPrelude(run: PartialRun, lines: readonly string[], start: number): number {
  const end = afterPrelude(lines, start);
  if (end < 0) return start;
  for (let j = start; j < end; j++) {
    const line = lines[j] ?? '';
    const r = RUNNING.exec(line);
    if (r) readRunning(run, r, line, j);
  }
  return end;
}

function readK6(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('k6', start, 'k6 summary');
  let j = HEADER.test(lines[start] ?? '') || SCENARIOS.test(lines[start] ?? '') ? readHeader(run, lines, start) : start;
  j = readPrelude(run, lines, j);
  let last = j - 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const m = METRIC.exec(line);
    if (m && m[2] !== undefined && isMetricLine(line)) {
      // A summary pasted into HTML ends its last line with the closing tags (`</code></pre>`).
      applyMetric(run, m[2].trim(), (m[3] ?? '').replace(HTML_CLOSE, ''), file, j, diagnostics);
      last = j;
      continue;
    }
    if (isBlank(line) || SECTION.test(line) || CHECK.test(line)) continue;
    const r = RUNNING.exec(line);
    if (r?.[1]) {
      readRunning(run, r, line, j);
      last = j;
      // The scenario progress line (`name ✓ [=====] 32 VUs  04m05.0s/10m0s  1000/1000 shared iters`).
      if (/\[=*>?\s*=*\]/.test(lines[j + 1] ?? '')) last = j + 1;
    }
    break;
  }
  // The progress line's iteration counts repeat the summary's `iterations` counter when it has one.
  if ('iterations' in run.metrics) {
    delete run.metrics.iterations_completed_count;
    delete run.metrics.iterations_interrupted_count;
  }
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** A dotted metric line that opens a summary: not after another, with a built-in metric among the first few. */
function startsAtMetric(lines: readonly string[], i: number): boolean {
  if (!isMetricLine(lines[i]) || isMetricLine(lines[i - 1])) return false;
  for (let j = i; j < i + 4 && j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (BUILT_IN.test(line)) return true;
    if (!isMetricLine(line)) return false;
  }
  return false;
}

export const k6Reader: BlockReader = {
  name: 'k6',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    const c = line.charCodeAt(k);
    if (c === 0x65 /* e */ && HEADER.test(line)) return true;
    if ((c === 0x73 /* s */ && SCENARIOS.test(line)) || (c === 0x72 /* r */ && RUNNING.test(line))) return afterPrelude(lines, i + 1) >= 0;
    // A summary pasted without its header or progress line starts at its first dotted metric line.
    const dots = line.indexOf('..', k);
    return dots > 0 && line.indexOf(':', dots) > 0 && startsAtMetric(lines, i);
  },
  read: guardedRead('k6 summary', readK6),
};
