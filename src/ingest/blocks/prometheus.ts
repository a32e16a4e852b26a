/**
 * Prometheus text exposition (vLLM / SGLang `/metrics`) → SampleRecords.
 *
 * One scrape: every series line becomes a sample (gauges under the vocabulary's series names,
 * fractions scaled to 0–100; counters and histogram `_bucket{le=…}` / `_sum` / `_count` lines under
 * their printed names). Several scrapes in one block (separated by a timestamp line or comment,
 * or detected when a series repeats) also give derived series between consecutive scrapes:
 * a counter becomes a rate (`vllm:generation_tokens_total` → `output_tps`), and a latency
 * histogram gives the interval's mean and p50/p95/p99 (`ttft_p95_ms`, `latency_mean_s` …).
 * Literal `...` elision lines (docs samples) are skipped with an info diagnostic, and so are
 * `*_created` series (prometheus_client's creation timestamps of counters and histograms: a time,
 * not a measurement).
 *
 * A scrape's time is one printed in it or near it (a timestamp line or comment, `watch`'s
 * `Every 5.0s: … <date>` header, the sample timestamps after the values). With none, a known
 * scrape interval (`# scrape_interval: 15s`, `watch`'s `Every 5.0s`) gives relative seconds by
 * the scrape's order; otherwise samples have no `t` (never an invented 0) and no rates.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { applyFactor } from '../../model/metric-vocabulary';
import { type SampleRecord, SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import type { BlockReader, BlockResult } from '../types';
import { diag, emptyResult, isBlank } from './common';
import { HELP_TYPE, scrapeInterval, seconds, separatorTime } from './prometheus-time';

const METRIC_LINE =
  /^\s*([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+([-+]?(?:\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|NaN|[+-]?Inf))(?:\s+(-?\d+))?\s*$/;
const ELISION = /^\s*(\.\.\.|…)\s*$/;

export interface Scrape {
  /** Scrape time: ISO text as printed (or normalised), or seconds (relative or epoch), or the scrape's ordinal. */
  t: string | number;
  text: string;
  /** 1-based line of the text's first line in its file; ids and sources use it when given. */
  line?: number;
}

interface Point {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** 1-based line in the file. */
  line: number;
  /** Sample timestamp printed after the value (ms since epoch). */
  ms?: number;
}

interface ParsedScrape {
  /** Absent when neither the scrape nor a scrape interval says when it was taken. */
  t?: string | number;
  points: Point[];
  types: Map<string, string>;
  /** 1-based line of the scrape's first line (ids of derived samples of an interval use the later scrape's). */
  line: number;
}

/** Gauges that have a vocabulary series name; `scale` turns a 0–1 fraction into a percentage. */
const GAUGES: Record<string, { series: string; scale?: number }> = {
  'vllm:num_requests_running': { series: 'num_requests_running' },
  'vllm:num_requests_waiting': { series: 'num_requests_waiting' },
  'vllm:num_requests_swapped': { series: 'num_requests_swapped' },
  'vllm:gpu_cache_usage_perc': { series: 'gpu_kv_cache_usage_pct', scale: 100 },
  'vllm:kv_cache_usage_perc': { series: 'gpu_kv_cache_usage_pct', scale: 100 },
  'vllm:cpu_cache_usage_perc': { series: 'cpu_kv_cache_usage_pct', scale: 100 },
  'vllm:gpu_prefix_cache_hit_rate': { series: 'prefix_cache_hit_rate_pct', scale: 100 },
  'vllm:avg_prompt_throughput_toks_per_s': { series: 'input_tps' },
  'vllm:avg_generation_throughput_toks_per_s': { series: 'output_tps' },
  'sglang:num_running_reqs': { series: 'num_requests_running' },
  'sglang:num_queue_reqs': { series: 'num_requests_waiting' },
  'sglang:gen_throughput': { series: 'output_tps' },
  'sglang:token_usage': { series: 'gpu_kv_cache_usage_pct', scale: 100 },
  'sglang:cache_hit_rate': { series: 'prefix_cache_hit_rate_pct', scale: 100 },
};

/** Counters whose rate has a vocabulary name; others become `<name>_per_s`. */
const COUNTER_RATES: Record<string, string> = {
  'vllm:generation_tokens_total': 'output_tps',
  'vllm:prompt_tokens_total': 'input_tps',
  'vllm:request_success_total': 'throughput_rps',
  'sglang:generation_tokens_total': 'output_tps',
  'sglang:prompt_tokens_total': 'input_tps',
  'sglang:num_requests_total': 'throughput_rps',
};

/** vLLM V1 prefix-cache counters (tokens queried / found): their ratio between scrapes is the hit rate. */
const PREFIX_CACHE: ReadonlyArray<[hits: string, queries: string]> = [
  ['vllm:prefix_cache_hits_total', 'vllm:prefix_cache_queries_total'],
  ['vllm:gpu_prefix_cache_hits_total', 'vllm:gpu_prefix_cache_queries_total'],
];

/** Latency histograms (seconds) → vocabulary quantity and unit. */
const HISTOGRAMS: Record<string, { quantity: string; unit: 's' | 'ms' }> = {
  'vllm:time_to_first_token_seconds': { quantity: 'ttft', unit: 'ms' },
  'vllm:time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'vllm:request_time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'vllm:inter_token_latency_seconds': { quantity: 'itl', unit: 'ms' },
  'vllm:e2e_request_latency_seconds': { quantity: 'latency', unit: 's' },
  'sglang:time_to_first_token_seconds': { quantity: 'ttft', unit: 'ms' },
  'sglang:inter_token_latency_seconds': { quantity: 'itl', unit: 'ms' },
  'sglang:time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'sglang:e2e_request_latency_seconds': { quantity: 'latency', unit: 's' },
};

const QUANTILES: ReadonlyArray<[number, string]> = [
  [0.5, 'p50'],
  [0.95, 'p95'],
  [0.99, 'p99'],
];

/** `{a="x",b="y \"q\""}` → labels; undefined when it does not parse. */
export function parseLabels(text: string): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  const inner = text.trim().replace(/^\{/, '').replace(/\}$/, '');
  const re = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  let pos = 0;
  while (pos < inner.length) {
    re.lastIndex = pos;
    const m = re.exec(inner);
    if (!m || m[1] === undefined) return inner.slice(pos).trim() === '' ? labels : undefined;
    setOwn(labels, m[1], (m[2] ?? '').replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1'));
    pos = re.lastIndex;
  }
  return labels;
}

function isPromLine(line: string | undefined): boolean {
  return line !== undefined && (METRIC_LINE.test(line) || HELP_TYPE.test(line));
}

function keyOf(name: string, labels: Record<string, string>): string {
  return (
    name +
    JSON.stringify(
      Object.keys(labels)
        .sort()
        .map((k) => [k, labels[k]]),
    )
  );
}

function sample(
  file: string,
  line: number,
  t: string | number | undefined,
  series: string,
  labels: Record<string, string>,
  value: number,
): SampleRecord {
  const id = recordId(file, line, undefined, series);
  const source: SampleRecord['source'] = { file, line, format: 'prometheus' };
  // `t` only when known (never an invented 0), in its usual place after `source`.
  if (t === undefined) return { kind: 'sample', schema_version: SCHEMA_VERSION, id, source, series, labels, value };
  return { kind: 'sample', schema_version: SCHEMA_VERSION, id, source, t, series, labels, value };
}

function withoutLe(labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (k !== 'le') setOwn(out, k, v);
  return out;
}

/** Family of a series line: `x_bucket` / `x_sum` / `x_count` of a histogram `x`. */
function familyOf(name: string, types: Map<string, string>): { family: string; part?: 'bucket' | 'sum' | 'count' } {
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (m?.[1] && (types.get(m[1]) === 'histogram' || types.get(m[1]) === 'summary' || HISTOGRAMS[m[1]])) {
    return { family: m[1], part: m[2] as 'bucket' | 'sum' | 'count' };
  }
  return { family: name };
}

/** Samples of one scrape as printed (gauges under vocabulary names where known). */
function scrapeSamples(s: ParsedScrape, file: string): SampleRecord[] {
  return s.points.map((p) => {
    const gauge = GAUGES[p.name];
    if (gauge) return sample(file, p.line, s.t, gauge.series, p.labels, gauge.scale ? applyFactor(p.value, gauge.scale) : p.value);
    return sample(file, p.line, s.t, p.name, p.labels, p.value);
  });
}

/** Quantile from cumulative bucket deltas (Prometheus' histogram_quantile, linear within a bucket). */
function bucketQuantile(q: number, buckets: Array<{ le: number; count: number }>): number | undefined {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted[sorted.length - 1]?.count;
  if (total === undefined || total <= 0 || sorted[sorted.length - 1]?.le !== Infinity) return undefined;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const b of sorted) {
    if (b.count >= rank) {
      if (b.le === Infinity) return prevLe; // as Prometheus: the highest finite bound
      const inBucket = b.count - prevCount;
      return inBucket <= 0 ? b.le : prevLe + ((b.le - prevLe) * (rank - prevCount)) / inBucket;
    }
    prevLe = b.le;
    prevCount = b.count;
  }
  return undefined;
}

/** Prefix cache hit rate over an interval: hits / queries of vLLM V1's counters, as a percentage. */
function prefixHitRates(
  deltas: Map<string, { delta: number; line: number; labels: Record<string, string> }>,
  t: string | number | undefined,
  file: string,
): SampleRecord[] {
  const out: SampleRecord[] = [];
  for (const [hitsName, queriesName] of PREFIX_CACHE) {
    for (const [k, hits] of deltas) {
      if (!k.startsWith(`${hitsName}[`)) continue;
      const queries = deltas.get(keyOf(queriesName, hits.labels));
      if (!queries || queries.delta <= 0) continue; // no queries in the interval: no rate
      out.push(
        sample(file, hits.line, t, 'prefix_cache_hit_rate_pct', hits.labels, Number(((hits.delta / queries.delta) * 100).toPrecision(12))),
      );
    }
  }
  return out;
}

/** Derived series between two consecutive scrapes: counter rates and histogram interval stats. */
function intervalSamples(a: ParsedScrape, b: ParsedScrape, dt: number, file: string, diagnostics: Diagnostic[]): SampleRecord[] {
  const out: SampleRecord[] = [];
  const counterDeltas = new Map<string, { delta: number; line: number; labels: Record<string, string> }>();
  const before = new Map<string, Point>();
  for (const p of a.points) before.set(keyOf(p.name, p.labels), p);
  const hist = new Map<
    string,
    {
      info: { quantity: string; unit: 's' | 'ms' };
      labels: Record<string, string>;
      line: number;
      sum?: number;
      count?: number;
      buckets: Array<{ le: number; count: number }>;
    }
  >();
  for (const p of b.points) {
    const prev = before.get(keyOf(p.name, p.labels));
    if (!prev) continue;
    const delta = p.value - prev.value;
    const type = b.types.get(p.name) ?? a.types.get(p.name);
    const { family, part } = familyOf(p.name, b.types);
    const info = HISTOGRAMS[family];
    if (part && info) {
      if (delta < 0) continue;
      const labels = withoutLe(p.labels);
      const k = keyOf(family, labels);
      let h = hist.get(k);
      if (!h) {
        h = { info, labels, line: p.line, buckets: [] };
        hist.set(k, h);
      }
      if (part === 'sum') h.sum = delta;
      else if (part === 'count') h.count = delta;
      else {
        const le = p.labels.le === '+Inf' ? Infinity : Number(p.labels.le);
        if (Number.isFinite(le) || le === Infinity) h.buckets.push({ le, count: delta });
      }
      continue;
    }
    const isCounter = type === 'counter' || (type === undefined && /_total$/.test(p.name));
    if (!isCounter) continue;
    if (delta < 0) {
      diagnostics.push(
        diag('info', 'check-failed', `counter ${p.name} went down between scrapes (restart?): no rate for this interval`, file, p.line - 1),
      );
      continue;
    }
    out.push(sample(file, p.line, b.t, COUNTER_RATES[p.name] ?? `${p.name}_per_s`, p.labels, applyFactor(delta / dt, 1)));
    counterDeltas.set(keyOf(p.name, p.labels), { delta, line: p.line, labels: p.labels });
  }
  out.push(...prefixHitRates(counterDeltas, b.t, file));
  for (const h of hist.values()) {
    const factor = h.info.unit === 'ms' ? 1000 : 1;
    if (h.sum !== undefined && h.count !== undefined && h.count > 0) {
      out.push(
        sample(file, h.line, b.t, `${h.info.quantity}_mean_${h.info.unit}`, h.labels, Number(((h.sum / h.count) * factor).toPrecision(12))),
      );
    }
    for (const [q, stat] of QUANTILES) {
      const v = bucketQuantile(q, h.buckets);
      if (v !== undefined)
        out.push(sample(file, h.line, b.t, `${h.info.quantity}_${stat}_${h.info.unit}`, h.labels, Number((v * factor).toPrecision(12))));
    }
  }
  return out;
}

/** Parses the lines of one exposition (1-based `firstLine` for ids). */
function parseExposition(
  lines: readonly string[],
  firstLine: number,
  file: string,
  diagnostics: Diagnostic[],
): { points: Point[]; types: Map<string, string>; created: number } {
  const points: Point[] = [];
  const types = new Map<string, string>();
  let created = 0;
  lines.forEach((line, k) => {
    const lineNo = firstLine + k;
    if (isBlank(line)) return;
    const ht = HELP_TYPE.exec(line);
    if (ht) {
      if (ht[1] === 'TYPE' && ht[2] && ht[3]) types.set(ht[2], ht[3].toLowerCase());
      return;
    }
    if (ELISION.test(line)) {
      diagnostics.push(
        diag('info', 'prose-skipped', 'elision line "..." skipped (lines left out of the pasted exposition)', file, lineNo - 1),
      );
      return;
    }
    if (/^\s*#/.test(line)) return;
    const m = METRIC_LINE.exec(line);
    const labels = m ? parseLabels(m[2] ?? '{}') : undefined;
    if (!m?.[1] || m[3] === undefined || !labels) {
      diagnostics.push(diag('warning', 'cell-unparsed', `Prometheus line not understood: ${line.trim()}`, file, lineNo - 1));
      return;
    }
    const value = /inf$/i.test(m[3]) ? (m[3].startsWith('-') ? -Infinity : Infinity) : Number(m[3]);
    if (!Number.isFinite(value)) return; // NaN/Inf values are not data points
    if (m[1].endsWith('_created')) {
      created++;
      return;
    }
    const p: Point = { name: m[1], labels, value, line: lineNo };
    if (m[4] !== undefined) p.ms = Number(m[4]);
    points.push(p);
  });
  return { points, types, created };
}

function assemble(scrapes: ParsedScrape[], file: string, diagnostics: Diagnostic[]): SampleRecord[] {
  const out: SampleRecord[] = [];
  scrapes.forEach((s, k) => {
    out.push(...scrapeSamples(s, file));
    const prev = scrapes[k - 1];
    if (!prev) return;
    const t0 = seconds(prev.t);
    const t1 = seconds(s.t);
    if (t0 === undefined || t1 === undefined || t1 <= t0) {
      diagnostics.push(
        diag('info', 'context-missing', 'scrape times unknown or not increasing: no rates for this interval', file, s.line - 1),
      );
      return;
    }
    out.push(...intervalSamples(prev, s, t1 - t0, file, diagnostics));
  });
  return out;
}

/**
 * Samples from a series of scrapes (e.g. a JSONL or CSV scrape log read by another parser).
 * `t` strings are ISO times; numbers are seconds. Counters become rates between scrapes.
 */
export function samplesFromScrapes(scrapes: readonly Scrape[], file: string): { samples: SampleRecord[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let nextLine = 1;
  const parsed: ParsedScrape[] = scrapes.map((s) => {
    const lines = s.text.split(/\r?\n/);
    const first = s.line ?? nextLine;
    nextLine = first + lines.length;
    const { points, types, created } = parseExposition(lines, first, file, diagnostics);
    createdSkipped(created, file, first, diagnostics);
    return { t: s.t, points, types, line: first };
  });
  return { samples: assemble(parsed, file, diagnostics), diagnostics };
}

function createdSkipped(n: number, file: string, line: number, diagnostics: Diagnostic[]): void {
  if (n > 0)
    diagnostics.push(
      diag('info', 'prose-skipped', `${n} *_created series skipped (creation timestamps, not measurements)`, file, line - 1),
    );
}

/** Index after the exposition block that starts at i. */
function blockEnd(lines: readonly string[], i: number): number {
  let j = i;
  let last = i;
  while (j < lines.length) {
    const line = lines[j] ?? '';
    if (isPromLine(line) || ELISION.test(line)) {
      last = j;
      j++;
      continue;
    }
    if (isBlank(line) || separatorTime(line) !== undefined || /^\s*#/.test(line)) {
      // Blank lines, separators and comments belong to the block only when more exposition follows.
      let k = j + 1;
      while (
        k < lines.length &&
        (isBlank(lines[k]) ||
          separatorTime(lines[k] ?? '') !== undefined ||
          (/^\s*#/.test(lines[k] ?? '') && !HELP_TYPE.test(lines[k] ?? '')))
      )
        k++;
      if (k < lines.length && isPromLine(lines[k])) {
        j = k;
        continue;
      }
      break;
    }
    break;
  }
  return last + 1;
}

/**
 * Scrapes that print no time: by a known interval, seconds since the first scrape; else no `t`
 * (said once in a diagnostic). Times are not mixed: one timed scrape leaves the others untimed.
 */
function untimedScrapes(
  scrapes: ParsedScrape[],
  interval: number | undefined,
  file: string,
  start: number,
  diagnostics: Diagnostic[],
): void {
  if (scrapes.every((s) => s.t !== undefined)) return;
  if (interval !== undefined && scrapes.every((s) => s.t === undefined)) {
    scrapes.forEach((s, k) => {
      s.t = Number((k * interval).toPrecision(12));
    });
    return;
  }
  const n = scrapes.filter((s) => s.t === undefined).length;
  diagnostics.push(
    diag('info', 'context-missing', `${n} scrape(s) print no time and no scrape interval is known: their samples have no t`, file, start),
  );
}

function readPrometheus(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const end = blockEnd(lines, start);
  // Split into scrapes: at a separator line, or when a series repeats within the current scrape.
  const scrapes: ParsedScrape[] = [];
  let current: { t?: string; from: number; seen: Set<string> } = { from: start, seen: new Set() };
  let created = 0;
  const close = (to: number): void => {
    if (to <= current.from) return;
    const parsed = parseExposition(lines.slice(current.from, to), current.from + 1, file, diagnostics);
    created += parsed.created;
    const { points, types } = parsed;
    if (points.length === 0 && types.size === 0) return;
    const stamp = current.t ?? points.find((p) => p.ms !== undefined)?.ms;
    const t = typeof stamp === 'number' ? new Date(stamp).toISOString() : stamp;
    scrapes.push(t === undefined ? { points, types, line: current.from + 1 } : { t, points, types, line: current.from + 1 });
  };
  let interval: number | undefined;
  for (let k = Math.max(0, start - 3); k < start; k++) interval ??= scrapeInterval(lines[k] ?? '');
  for (let j = start; j < end; j++) {
    const line = lines[j] ?? '';
    interval ??= scrapeInterval(line);
    const sep = separatorTime(line);
    if (sep !== undefined) {
      close(j);
      current = { t: sep, from: j + 1, seen: new Set() };
      continue;
    }
    const m = METRIC_LINE.exec(line);
    if (m?.[1]) {
      const k = keyOf(m[1], parseLabels(m[2] ?? '{}') ?? {});
      if (current.seen.has(k)) {
        // The same series again: a new scrape pasted without a separator. Its HELP/TYPE lines
        // (just above) belong to it.
        let from = j;
        while (from > current.from && (HELP_TYPE.test(lines[from - 1] ?? '') || isBlank(lines[from - 1]))) from--;
        close(from);
        current = { from, seen: new Set() };
      }
      current.seen.add(k);
    }
  }
  close(end);
  createdSkipped(created, file, start + 1, diagnostics);
  untimedScrapes(scrapes, interval, file, start, diagnostics);
  const samples = assemble(scrapes, file, diagnostics);
  return { next: end, runs: [], env: [], samples, diagnostics };
}

export const prometheusReader: BlockReader = {
  name: 'prometheus',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    if (HELP_TYPE.test(line)) return true;
    if (separatorTime(line) !== undefined) {
      // A timestamp heading the first scrape of a series.
      let k = i + 1;
      while (k < lines.length && k <= i + 2 && isBlank(lines[k])) k++;
      return HELP_TYPE.test(lines[k] ?? '');
    }
    const m = METRIC_LINE.exec(line);
    // A bare `name value` line is too common in logs: ask for labels or a known namespace.
    return !!m && !!m[1] && (m[2] !== undefined || /^(vllm|sglang|tgi):/.test(m[1]));
  },
  read(lines, i, file) {
    try {
      return readPrometheus(lines, i, file);
    } catch (e) {
      const r = emptyResult(i + 1);
      r.diagnostics.push(diag('error', 'table-malformed', `Prometheus exposition could not be read: ${String(e)}`, file, i));
      return r;
    }
  },
};
