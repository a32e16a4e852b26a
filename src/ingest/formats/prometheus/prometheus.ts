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
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import type { SampleRecord } from '../../../model/records';
import { diag, guardedRead, isBlank } from '../../blocks/common';
import type { BlockReader, BlockResult } from '../../types';
import { ELISION, isPromLine, keyOf, METRIC_LINE, type ParsedScrape, parseExposition, parseLabels, sample } from './prometheus-exposition';
import { intervalSamples } from './prometheus-interval';
import { HELP_TYPE, scrapeInterval, seconds, separatorTime } from './prometheus-time';

export { parseLabels } from './prometheus-exposition';

export interface Scrape {
  /** Scrape time: ISO text as printed (or normalised), or seconds (relative or epoch), or the scrape's ordinal. */
  t: string | number;
  text: string;
  /** 1-based line of the text's first line in its file; ids and sources use it when given. */
  line?: number;
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

/** Samples of one scrape as printed (gauges under vocabulary names where known). */
function scrapeSamples(s: ParsedScrape, file: string): SampleRecord[] {
  return s.points.map((p) => {
    const gauge = GAUGES[p.name];
    if (gauge) return sample(file, p.line, s.t, gauge.series, p.labels, gauge.scale ? applyFactor(p.value, gauge.scale) : p.value);
    return sample(file, p.line, s.t, p.name, p.labels, p.value);
  });
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

/** A `# HELP`/`# TYPE` line right under `lines[i]` (blank lines between). */
function helpFollows(lines: readonly string[], i: number): boolean {
  let k = i + 1;
  while (k < lines.length && k <= i + 2 && isBlank(lines[k])) k++;
  return HELP_TYPE.test(lines[k] ?? '');
}

/** A metric line with labels or of a known namespace (a bare `name value` line is too common in logs). */
function labelledMetricLine(line: string): boolean {
  const m = METRIC_LINE.exec(line);
  return !!m && !!m[1] && (m[2] !== undefined || /^(vllm|sglang|tgi):/.test(m[1]));
}

export const prometheusReader: BlockReader = {
  name: 'prometheus',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    if (HELP_TYPE.test(line)) return true;
    // A timestamp heads the first scrape of a series; otherwise a metric line may start one.
    // Most lines are neither: the separator's regexes (a copy and six patterns) are asked only
    // when the HELP line it needs follows, or when the line is a metric line (startsAt is asked
    // of every line of every input).
    if (!labelledMetricLine(line)) return helpFollows(lines, i) && separatorTime(line) !== undefined;
    return separatorTime(line) === undefined || helpFollows(lines, i);
  },
  read: guardedRead('Prometheus exposition', readPrometheus),
};
