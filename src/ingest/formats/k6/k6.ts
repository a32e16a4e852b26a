/**
 * k6 end-of-test summary → one run. Metric lines use dotted leaders:
 *   `http_req_duration..............: avg=3.85s    min=591.13µs med=241.81ms max=14.83s   p(90)=9.51s    p(95)=10.74s`
 *   `http_reqs......................: 2000   8.164373/s`
 *   `http_req_failed................: 0.00%  ✓ 0        ✗ 2000`
 *   `vus_max........................: 32     min=32     max=32`
 * The `execution:`/`scenarios:` header before them and the `running (04m05.0s), …` line after
 * them belong to the block. Durations are converted to the vocabulary's units.
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
import { percentileStat } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const METRIC = /^\s*([✓✗↳█]\s*)?([A-Za-z_{][\w{}:.\s"-]*?)\.{2,}\s*:\s*(.*?)\s*$/;
const HEADER = /^\s*execution:\s*(local|cloud)\b/;
const RUNNING = /^\s*running \(((?:\d+h)?(?:\d+m)?[\d.]+s)\),\s*(\d+)\/(\d+) VUs,\s*(\d+) complete and (\d+) interrupted iterations/;
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
  return { key: unknownMetricKey(`${name} ${stat}`, timed ? 's' : undefined), factor: 1 };
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

/** A rate (`0.00%  ✓ 0  ✗ 2000`); for http_req_failed, the failed and ok request counts. */
function applyRate(run: PartialRun, name: string, value: string): boolean {
  const rate = /^([\d.]+)%\s+✓\s*(\d+)\s+✗\s*(\d+)/.exec(value);
  if (!rate) return false;
  const pct = Number(rate[1]);
  const trues = Number(rate[2]);
  const falses = Number(rate[3]);
  if (name === 'http_req_failed') {
    // A Rate of "failed": ✓ counts failed requests, ✗ the others.
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

/** A gauge (`32  min=32  max=32`); vus_max is the client's concurrency, vus (the last value) is not kept. */
function applyGauge(run: PartialRun, name: string, value: string, index: number): boolean {
  const gauge = /^(\d+(?:\.\d+)?)\s+min=(\d+(?:\.\d+)?)\s+max=(\d+(?:\.\d+)?)$/.exec(value);
  if (!gauge) return false;
  if (name === 'vus_max') {
    (run.client ??= {}).concurrency = Number(gauge[1]);
    run.provenance['client.concurrency'] = `k6 vus_max at line ${index + 1} (the most virtual users the test allowed)`;
  } else if (name !== 'vus') {
    setOwn(run.metrics, unknownMetricKey(name), Number(gauge[1]));
  }
  return true;
}

function readK6(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('k6', start, 'k6 summary');
  let j = start;
  // Header: execution / script / output / scenarios.
  if (HEADER.test(lines[j] ?? '')) {
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
  }
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
    if (isBlank(line) || SECTION.test(line)) continue;
    const r = RUNNING.exec(line);
    if (r?.[1]) {
      setOwn(run.raw, 'running', line.trim());
      const d = k6DurationSeconds(r[1]);
      if (d !== undefined) run.metrics.duration_s = d;
      last = j;
      // The scenario progress line (`name ✓ [=====] 32 VUs  04m05.0s/10m0s  1000/1000 shared iters`).
      if (/\[=*>?\s*=*\]/.test(lines[j + 1] ?? '')) last = j + 1;
    }
    break;
  }
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const k6Reader: BlockReader = {
  name: 'k6',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    if (HEADER.test(line)) return true;
    // A summary pasted without its header starts at its first dotted metric line.
    return (
      /^\s*(checks|data_received|data_sent|http_req_\w+|http_reqs|iteration_duration|iterations|vus|vus_max)\.{3,}:/.test(line) &&
      !isMetricLine(lines[i - 1])
    );
  },
  read: guardedRead('k6 summary', readK6),
};
