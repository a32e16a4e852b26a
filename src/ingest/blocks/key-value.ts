/**
 * Plain key/value result blocks of home-made scripts:
 *
 *   === concurrency 8 ===              (an optional title line just above)
 *   - Requests/s:        3.21
 *   Mean TTFT ........   182.4 ms
 *   p99 latency = 2.31 s
 *   Latency (ms):                      (a group: the statistics indented under it are its own)
 *     mean: 812.5
 *   [2026-01-05|16:25:57] INFO  TTFT: 126.89 ms (p50: 109.70 ms)     (log prefixes, stats after the value)
 *   ║ Avg: 3525.5 ms | P50: 4072.0 ms ║                              (box borders, several pairs a line)
 *
 * Stages: lines → pairs (kv-line.ts) → a block cut at a repeated key (kv-block.ts) → readings
 * of each value (kv-values.ts) → meanings through the vocabulary, unmarked times decided by
 * kv-units.ts → one run when at least two readings are vocabulary metrics, or one beside another figure that
 * looks like a measurement (a metric word and a number, kept as a slug). A block with fewer
 * but with metric-looking figures gives a `metrics-unread` warning (never silently dropped); a
 * block that compares runs (`… vs …`, `(+347.3%)`) is reported, not read. Settings go to
 * `client`; other keys are kept as slugs, and every value as written in `raw`.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { hasMetricWord, meaningAsOutputRate, meaningFromWords, secondsOfTimeUnit } from '../../model/label-meaning';
import { applyFactor, type LabelMeaning, lookupLabel, parseNumber, withoutRemark } from '../../model/metric-vocabulary';
import { setOwn } from '../../model/safe-keys';
import { TextCache } from '../../model/text-cache';
import { lastAnswer } from '../last-answer';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { diag, emptyResult, guardedRead, orderRun, partialRun } from './common';
import { type Block, collectBlock, continuesAbove, insideBoxSection, mayStartBlock } from './kv-block';
import { checkJsonCut, mergeJsonAfter } from './kv-json';
import { parseKvLine } from './kv-line';
import { markPass, passAt, type StepSeries, settingVaries, stepSamples, stepsAfter } from './kv-passes';
import { offeredRequestRate, okFromSuccessRate, placeRatesByArithmetic, transactionsPerSecond } from './kv-rates';
import { flagRestated } from './kv-restated';
import { applyRead, ENGINES, type Read, titleAbove, tokensByRate } from './kv-run';
import { isSettingKey, settingOverGroup, settingsOnly } from './kv-setting-keys';
import { blockTimeUnit, isTimedKey, labelNamesTimeUnit, labelTimeUnit, unitlessTime } from './kv-units';
import { type Reading, readingsOf } from './kv-values';

interface Interpreted {
  block: Block;
  reads: Read[];
  /** Readings that are vocabulary metrics with a number. */
  metrics: number;
  /** Readings that look like measurements (a metric word and a number), read or not. */
  lookalikes: number;
  /** Lookalikes, and figures printed with a time or a rate whatever their key (`Scheduler wait p90: 3.2 ms`). */
  measured: number;
  comparison?: { text: string; index: number };
}

/** The value's unit if it is one (`ms`, `tok/s`, `%`); undefined for none, null for text that is not a unit. */
function cellUnit(unit: string | undefined): string | undefined | null {
  if (unit === undefined) return undefined;
  return /\d/.test(unit) || unit.length > 30 ? null : unit;
}

/** `Throughput(average output tokens per second)`: words in parentheses that are not a unit describe the key. */
function described(label: string, opts: { unit?: string }): Readonly<LabelMeaning> | undefined {
  const m = /^(.*?)\s*\(([^()]{3,})\)\s*$/.exec(label);
  if (!m?.[1] || !m[2] || labelTimeUnit(label) !== undefined) return undefined;
  // `Average milliseconds/request (includes waiting time on server)`: a remark after the key.
  return lookupLabel(`${m[1]} ${m[2]}`, opts) ?? lookupLabel(m[2], opts) ?? lookupLabel(m[1], opts);
}

function meaningOf(r: Reading, unit: string | undefined): { meaning?: Readonly<LabelMeaning>; note?: string } {
  if (r.fixed) return { meaning: { kind: 'metric', key: r.fixed.key, factor: 1 }, note: r.fixed.why };
  const opts: { unit?: string } = unit === undefined ? {} : { unit };
  if (r.statOf !== undefined) return { meaning: lookupLabel(r.statOf, { ...opts, stat: r.key }) };
  if (r.stat !== undefined) {
    const m = lookupLabel(r.label, { ...opts, stat: r.stat });
    if (m) return { meaning: m };
  }
  const direct = lookupLabel(r.label, opts) ?? described(r.label, opts);
  if (direct) return { meaning: direct };
  const whole = wholeRunTime(r, opts);
  if (whole) return whole;
  const output = meaningAsOutputRate(r.label, r.stat === undefined ? opts : { ...opts, stat: r.stat });
  if (output?.kind === 'metric')
    return { meaning: output, note: `"${r.key}" names no direction: read as generated (output) tokens, as "Tokens Per Second" is` };
  // Every word of the label must be understood here (`serving latency budget` is not a latency).
  const asMean = meaningFromWords(r.label, { ...opts, stat: 'mean' });
  if (asMean?.kind === 'metric' && isTimedKey(asMean.key))
    return { meaning: asMean, note: `"${r.key}" names no statistic: one figure, read as the mean` };
  // `Throughput (including tokenization)`: the same reading without the remark.
  const plain = withoutRemark(r.label);
  return plain === r.label ? {} : meaningOf({ ...r, label: plain }, unit);
}

/** `Total latency`, `Overall time (s)`, `total_time`: the whole benchmark's time, with no statistic. */
const TOTAL_TIME =
  /^(?:total|overall|whole)[\s_-]+(?:e2e[\s_-]+|run[\s_-]+|benchmark[\s_-]+|test[\s_-]+|elapsed[\s_-]+)?(?:latency|time|elapsed)(?=$|[\s_([])/i;

/** A whole benchmark's total time is its duration, never a request latency (whose "total" would be a sum). */
function wholeRunTime(r: Reading, opts: { unit?: string }): { meaning?: Readonly<LabelMeaning>; note?: string } | undefined {
  if (r.stat !== undefined || r.statOf !== undefined || !TOTAL_TIME.test(r.label)) return undefined;
  const meaning = lookupLabel(r.label.replace(TOTAL_TIME, 'duration'), opts);
  if (meaning?.kind !== 'metric' || meaning.key !== 'duration_s') return undefined;
  return { meaning, note: `"${r.key}" is the whole benchmark's time: its duration, not a request latency` };
}

/**
 * What readOne makes of a reading, kept per text (a reading's line and group are not part of
 * it): a block is read again from each of its lines, and logs repeat their lines. Cuts the
 * key/value reader's time on the folder bench by about a third.
 */
const readCache = new TextCache<Omit<Read, 'r'>>(4096);

function readOne(r: Reading): Read {
  if (r.fixed) return { ...readText(r), r };
  const key = `${r.key}\u0000${r.label}\u0000${r.value}\u0000${r.stat ?? ''}\u0000${r.statOf ?? ''}\u0000${r.delta ? 1 : 0}${r.okOfTotal ? 1 : 0}`;
  return { ...readCache.get(key, () => readText(r)), r };
}

function readText(r: Reading): Omit<Read, 'r'> {
  const v = parseNumber(r.value);
  const unit = cellUnit(v.unit);
  const read: Omit<Read, 'r'> = { unit };
  if (v.value !== undefined) read.value = v.value;
  if (v.lossy) read.lossy = true;
  if (unit === null || r.delta || r.okOfTotal) return read;
  const m = meaningOf(r, unit);
  if (m.meaning) read.meaning = m.meaning;
  if (m.note) read.note = m.note;
  return read;
}

/** Time units the block prints with its times (for unmarked ones). */
function markedTimes(reads: readonly Read[]): Array<{ unit: string; index: number; text: string }> {
  const out: Array<{ unit: string; index: number; text: string }> = [];
  for (const x of reads) {
    const unit = (typeof x.unit === 'string' ? x.unit : undefined) ?? labelTimeUnit(x.r.label) ?? labelTimeUnit(x.r.statOf);
    if (unit !== undefined && x.value !== undefined) out.push({ unit, index: x.r.index, text: `${x.r.key}: ${x.r.value}` });
  }
  return out;
}

/**
 * Unmarked times: decided by the block's units, the magnitude, or the vocabulary (kv-units.ts).
 * One quantity's statistics are printed in one unit: when the magnitude rules a unit out for
 * one (`p90Latency: 1047.79` is not seconds) and reading each on its own would put them out of
 * order (a mean of 665 s over a p90 of 1.05 s), its siblings are read in the same unit.
 */
function decideUnits(reads: Read[]): void {
  const block = blockTimeUnit(markedTimes(reads));
  const unmarked: Unmarked[] = [];
  for (const x of reads) {
    const m = x.meaning;
    if (m?.kind !== 'metric' || !isTimedKey(m.key) || x.value === undefined || x.r.fixed) continue;
    if (x.unit !== undefined || labelNamesTimeUnit(x.r.label) || labelTimeUnit(x.r.statOf) !== undefined) continue;
    unmarked.push({ x, key: m.key, value: x.value, choice: unitlessTime(m.key, x.value, block) });
  }
  for (const group of byQuantity(unmarked)) sameUnitWhenOrdered(group);
  for (const { x, key, choice } of unmarked) {
    x.meaning = { kind: 'metric', key, factor: choice.factor };
    x.note = x.note ? `${x.note}; ${choice.why}` : choice.why;
  }
}

interface Unmarked {
  x: Read;
  key: string;
  value: number;
  choice: ReturnType<typeof unitlessTime>;
}

function byQuantity(items: readonly Unmarked[]): Unmarked[][] {
  const groups = new Map<string, Unmarked[]>();
  for (const u of items) {
    const q = u.key.split('_')[0] ?? u.key;
    const g = groups.get(q);
    if (g) g.push(u);
    else groups.set(q, [u]);
  }
  return [...groups.values()];
}

const PERCENTILE_ORDER = ['p50', 'p75', 'p90', 'p95', 'p99', 'p99_9'];

/** min ≤ every statistic ≤ max, and the percentiles rise. */
function ordered(values: ReadonlyMap<string, number>): boolean {
  const min = values.get('min');
  const max = values.get('max');
  for (const [stat, v] of values) {
    if (stat === 'std') continue;
    if ((min !== undefined && v < min) || (max !== undefined && v > max)) return false;
  }
  let last = -Infinity;
  for (const stat of PERCENTILE_ORDER) {
    const v = values.get(stat);
    if (v === undefined) continue;
    if (v < last) return false;
    last = v;
  }
  return true;
}

function statsOf(group: readonly Unmarked[], factor?: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of group) {
    const stat = u.key.replace(/^[a-z]+_/, '').replace(/_(s|ms)$/, '');
    out.set(stat, u.value * (factor ?? u.choice.factor));
  }
  return out;
}

function sameUnitWhenOrdered(group: Unmarked[]): void {
  const sure = group.find((u) => u.choice.byMagnitude);
  if (!sure || group.every((u) => u.choice.factor === sure.choice.factor) || ordered(statsOf(group))) return;
  if (!ordered(statsOf(group, sure.choice.factor))) return;
  for (const u of group) {
    if (u.choice.factor === sure.choice.factor) continue;
    u.choice = {
      factor: sure.choice.factor,
      why: `no unit printed: read in the unit of "${sure.x.r.key}" (${sure.choice.why}), which keeps this quantity's statistics in order`,
    };
  }
}

/** A reading that counts toward a run: a known metric with a number, or completed of total requests. */
function isMetricRead(x: Read): boolean {
  return x.r.okOfTotal !== undefined || (x.value !== undefined && x.meaning?.kind === 'metric' && !isSettingKey(x.r.label, x.value));
}

/** A time or a rate printed after a figure (`3.2 ms`, `41 tok/s`): a measurement, whatever its key. */
function measuredUnit(unit: string | null | undefined): boolean {
  return typeof unit === 'string' && (secondsOfTimeUnit(unit) !== undefined || /^[A-Za-z]+\s*\/\s*(?:s|sec|second)$/i.test(unit));
}

/**
 * `Total Latency` is the whole run's time only beside a request latency of its own; alone (a
 * single-request probe: `TTFT`, `Total Latency`, `Tokens/sec`) it is that request's latency.
 */
function totalLatencyAlone(reads: Read[]): void {
  const total = reads.find((x) => x.meaning?.kind === 'metric' && x.meaning.key === 'duration_s' && TOTAL_LATENCY.test(x.r.label));
  if (!total || reads.some((x) => x.meaning?.kind === 'metric' && x.meaning.key.startsWith('latency_'))) return;
  const opts: { unit?: string; stat: string } = typeof total.unit === 'string' ? { unit: total.unit, stat: 'mean' } : { stat: 'mean' };
  const asMean = meaningFromWords(total.r.label, opts);
  if (asMean?.kind !== 'metric') return;
  total.meaning = asMean;
  total.note = `"${total.r.key}" names no statistic: one figure, read as the mean`;
}

const TOTAL_LATENCY = /^(?:total|overall)[\s_-]+(?:e2e[\s_-]+)?latency\b/i;

function interpret(block: Block): Interpreted {
  const reads = block.items.flatMap(readingsOf).map(readOne);
  totalLatencyAlone(reads);
  decideUnits(reads);
  let metrics = 0;
  let lookalikes = 0;
  let measured = 0;
  let comparison = block.comparison;
  for (const x of reads) {
    if (x.r.delta && !comparison) comparison = { text: `${x.r.key}: ${x.r.value}`, index: x.r.index };
    const isMetric = isMetricRead(x);
    if (isMetric) metrics++;
    const figure = x.value !== undefined && x.meaning?.kind !== 'client';
    if (isMetric || (figure && hasMetricWord(x.r.label))) lookalikes++;
    if (isMetric || (figure && (hasMetricWord(x.r.label) || measuredUnit(x.unit)))) measured++;
  }
  const out: Interpreted = { block, reads, metrics, lookalikes, measured };
  if (comparison) out.comparison = comparison;
  return out;
}

/** First character that may start a key line (cheap test before the regexes: most log lines fail it). */
function mayStart(line: string | undefined): boolean {
  if (line === undefined) return false;
  let k = 0;
  while (k < line.length && (line.charCodeAt(k) === 0x20 || line.charCodeAt(k) === 0x09)) k++;
  return mayStartKey(line.charCodeAt(k));
}

function mayStartKey(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x2d ||
    c === 0x2a ||
    c === 0x3d || // a banner, `=====First token cost 1.2s=====`
    c === 0x7e ||
    c === 0x2022 ||
    c === 0x23 ||
    c === 0xb7 ||
    c === 0x2b ||
    c === 0x5b ||
    c === 0x22 || // a JSON member, `"tps": 4.51,`
    c === 0x7b || // a dict on one line, `{'ttft': 0.12, 'tps': 45.1}`
    (c >= 0x2800 && c <= 0x28ff) || // a spinner frame before the line
    (c >= 0x25d0 && c <= 0x25d3) ||
    (c >= 0x25f4 && c <= 0x25f7) ||
    (c >= 0x2500 && c <= 0x257f) ||
    (c >= 0x3040 && c <= 0x9fff) || // kana and CJK ideographs
    (c >= 0xac00 && c <= 0xd7af) // Hangul
  );
}

type Found = { kind: 'run' | 'unread' | 'comparison'; x: Interpreted };

/**
 * The last block collected that is not a run, and what its lines could give a block started at
 * one of them (Block.stop): the scanner asks again at each line of a prose list of `key: value`
 * bullets, and collecting each suffix again made that quadratic. For a start `i` inside it,
 * `metrics[i - start]` counts the readings at lines ≥ i that are, or (a group's statistic,
 * without its group) might be, known metrics; `figures[i - start]` those with a number.
 */
let suffixes: { lines: WeakRef<readonly string[]>; start: number; stop: number; metrics: Int32Array; figures: Int32Array } | undefined;

/** Per line of a block (from its first), the readings at that line or below that could count (see `suffixes`). */
function suffixCounts(start: number, x: Interpreted): { metrics: Int32Array; figures: Int32Array } | undefined {
  const stop = x.block.stop;
  if (stop === undefined || stop - start < 3) return undefined;
  const metrics = new Int32Array(stop - start + 1);
  const figures = new Int32Array(stop - start + 1);
  for (const r of x.reads) {
    const k = r.r.index - start;
    const figure = r.value !== undefined || r.r.okOfTotal !== undefined;
    if (figure) figures[k] = (figures[k] ?? 0) + 1;
    if (isMetricRead(r) || (figure && r.r.statOf !== undefined)) metrics[k] = (metrics[k] ?? 0) + 1;
  }
  for (let k = stop - start - 1; k >= 0; k--) {
    metrics[k] = (metrics[k] ?? 0) + (metrics[k + 1] ?? 0);
    figures[k] = (figures[k] ?? 0) + (figures[k + 1] ?? 0);
  }
  return { metrics, figures };
}

/**
 * True when a block started at `i`, inside the last block remembered, can be neither a run (it
 * needs a known metric and two figures) nor reported (two figures, and no line of it above).
 */
function suffixCannotCount(lines: readonly string[], i: number): boolean {
  const s = suffixes;
  if (s === undefined || i <= s.start || i >= s.stop || s.lines.deref() !== lines) return false;
  const figures = s.figures[i - s.start] ?? 0;
  // One figure: no run, unless it is one pass of a series (kv-passes.ts).
  if (figures < 2) return figures === 0 || (s.metrics[i - s.start] ?? 0) === 0 || passAt(lines, i) === undefined;
  return (s.metrics[i - s.start] ?? 0) === 0 && continuesAbove(lines, i);
}

/** What a block's own lines decide about it: interpret and settingsOnly read nothing else. */
interface Decision {
  settings: boolean;
  metrics: number;
  lookalikes: number;
  measured: number;
  comparison: boolean;
  /** suffixCounts of the block (shared, never written after it is made). */
  suffix: { metrics: Int32Array; figures: Int32Array } | undefined;
}

function decide(block: Block, start: number, x: Interpreted): Decision {
  const { metrics, lookalikes, measured } = x;
  const settings = settingsOnly(block.items);
  return { settings, metrics, lookalikes, measured, comparison: x.comparison !== undefined, suffix: suffixCounts(start, x) };
}

/**
 * Decisions kept per block text: logs print the same block again and again (a stress script's
 * `URL:` / `Model:` preamble before every run) and interpreting one costs 100–300 µs, most of
 * this reader's `startsAt` (bench/results.md, "speed6"). A block's lines are all it decides by.
 */
const decisions = new TextCache<Decision>(1024);
/** Longer blocks are decided afresh: the kept keys stay within a few MB. */
const MAX_KEPT_KEY = 2000;

/** The block as text, every field and line relative to `start` (length-prefixed: no two blocks share one). */
function blockKey(block: Block, start: number): string {
  const t = (s: string | undefined): string => (s === undefined ? '-' : `${s.length}:${s}`);
  const at = (p: { text: string; index: number } | undefined): string => (p === undefined ? '-' : `${p.index - start}${t(p.text)}`);
  let key = `${block.next - start},${block.stop === undefined ? '-' : block.stop - start},${block.boxed ? 1 : 0}${block.json ? 1 : 0}${at(block.name)}${at(block.title)}${at(block.comparison)}`;
  for (const it of block.items)
    key += `|${it.index - start}${t(it.key)}${t(it.rawKey)}${t(it.value)}${t(it.statOf)}${t(it.section)}${t(it.timestamp)}`;
  return key;
}

const blockAt = lastAnswer((lines: readonly string[], i: number): Found | undefined => {
  const line = lines[i];
  // Most lines fail the first-character test or hold no pair at all (`Test completed in 28 s`):
  // no collector, set or array for them (a log may repeat such a line thousands of times).
  if (line === undefined || !mayStart(line) || !mayStartBlock(line)) return undefined;
  // Asked again at each line of a block that is not a run (settings only): it stays short, and
  // a block cut at a repeated key must be found again where it was cut.
  if (suffixCannotCount(lines, i) || insideBoxSection(lines, i) || settingOverGroup(lines, i)) return undefined;
  const block = collectBlock(lines, i);
  if (block.items.length === 0) return undefined;
  let x: Interpreted | undefined;
  const fresh = (): Decision => {
    x = interpret(block);
    return decide(block, i, x);
  };
  const key = blockKey(block, i);
  const d = key.length <= MAX_KEPT_KEY ? decisions.get(key, fresh) : fresh();
  if (d.suffix) suffixes = { lines: new WeakRef(lines), start: i, stop: block.stop ?? i, ...d.suffix };
  if (d.settings) return undefined;
  // One known metric is enough when another figure beside it looks like a measurement (kept as a slug).
  const run = (d.metrics >= 2 || (d.metrics === 1 && d.measured >= 2)) && !d.comparison;
  // One figure on its line, printed again for each pass of a loop; one metric beside a setting
  // that takes another value in the same keys printed beside (a sweep): kv-passes.ts.
  const one = d.metrics === 1 && !d.comparison;
  const sweep = d.measured >= 1 && !d.comparison && settingVaries(lines, block.items, isSweepSetting);
  if (run || (one && block.items.length === 1 && passAt(lines, i)) || sweep) return { kind: 'run', x: x ?? interpret(block) };
  // Reported once, at the block's first line.
  if (d.lookalikes < 2 || continuesAbove(lines, i)) return undefined;
  return { kind: d.comparison ? 'comparison' : 'unread', x: x ?? interpret(block) };
});

/** A key the client takes a number from (`input_len`, `concurrency`): a sweep's setting. */
function isSweepSetting(key: string, value: string): boolean {
  const n = parseNumber(value).value;
  return n !== undefined && (isSettingKey(key, n) || lookupLabel(key)?.kind === 'client');
}

function describeSeen(x: Interpreted): string {
  const seen = x.reads
    .filter((r) => r.value !== undefined)
    .slice(0, 4)
    .map((r) => `"${r.r.key}: ${r.r.value}"`);
  return seen.join(', ') + (x.reads.length > 4 ? ', …' : '');
}

function notRead(found: Found, i: number, file: string): BlockResult {
  const r = emptyResult(found.x.block.next);
  const { x } = found;
  if (found.kind === 'comparison') {
    const c = x.comparison;
    const message = `key/value lines compare runs ("${c?.text ?? ''}", line ${(c?.index ?? i) + 1}): not a run; figures kept out`;
    r.diagnostics.push(diag('info', 'prose-skipped', message, file, i));
  } else {
    const message = `key/value lines hold ${x.lookalikes} metric-like figures (${describeSeen(x)}) but only ${x.metrics} known metric${x.metrics === 1 ? '' : 's'}: not read as a run`;
    r.diagnostics.push(diag('warning', 'metrics-unread', message, file, i));
  }
  // The lines stay with the scanner (they may be context): only the report is taken.
  r.next = i + 1;
  return r;
}

function blockEngine(run: PartialRun, block: Block): void {
  const name = block.name;
  const engine = name ? ENGINES.find(([re]) => re.test(name.text))?.[1] : undefined;
  if (!name || !engine || run.engine) return;
  run.engine = engine;
  run.provenance.engine = `block name "${name.text}" at line ${name.index + 1}`;
}

/** The run of the key/value block `x` found at line `i`. */
function blockRun(lines: readonly string[], i: number, file: string, x: Interpreted, diagnostics: Diagnostic[]): PartialRun {
  const { block, reads } = x;
  const above = block.title || parseKvLine(lines[i])?.kind === 'rule' ? undefined : titleAbove(lines, i);
  const start = block.title?.index ?? above?.index ?? i;
  const run = partialRun('key-value', start);
  const title = block.name?.text ?? block.title?.text ?? above?.text;
  if (title !== undefined) run.title = title;
  const timestamp = block.items.find((it) => it.timestamp !== undefined)?.timestamp;
  if (timestamp !== undefined) run.timestamp = timestamp;
  for (const item of block.items) setOwn(run.raw, item.rawKey, item.value);
  const kept = checkJsonCut(lines, i, block, reads, run, file, diagnostics);
  transactionsPerSecond(kept);
  offeredRequestRate(kept);
  for (const r of kept) applyRead(run, r, file, diagnostics);
  tokensByRate(run);
  placeRatesByArithmetic(run, kept);
  okFromSuccessRate(run);
  blockEngine(run, block);
  const titleLine = block.title ?? above;
  const conc = titleLine
    ? (/\b(?:concurrency|concurrent|parallel|users|conc|c)\s*[=:]?\s*(\d+)\b/i.exec(titleLine.text) ??
      /\b(\d+)\s+(?:concurrent|parallel)\b/i.exec(titleLine.text))
    : null;
  if (conc?.[1] && run.client?.concurrency === undefined) {
    (run.client ??= {}).concurrency = Number(conc[1]);
    run.provenance['client.concurrency'] = `"${titleLine?.text}" above the key/value block, line ${(titleLine?.index ?? i) + 1}`;
  }
  if (run.client && Object.keys(run.client).length === 0) delete run.client;
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return run;
}

/** A pass of a series of one-figure lines: its title, and the warm-up test for the first. */
function passRun(lines: readonly string[], i: number, run: PartialRun, x: Interpreted): void {
  const pass = x.metrics === 1 ? passAt(lines, i) : undefined;
  const m = x.reads.find(isMetricRead)?.meaning;
  if (!pass || m?.kind !== 'metric') return;
  run.title = `pass ${pass.pass} of ${pass.count}`;
  markPass(run, pass, m.key, (j) => {
    const other = parseKvLine(lines[j]);
    const pair = other?.kind === 'pairs' ? other.pairs[0] : undefined;
    if (!pair) return undefined;
    const r = readOne(readingsOf({ index: j, key: pair.key, rawKey: pair.key, value: pair.value })[0] as Reading);
    return r.value !== undefined && r.meaning?.kind === 'metric' && r.meaning.key === m.key
      ? applyFactor(r.value, r.meaning.factor)
      : undefined;
  });
}

/** A pass line and its step lines (kv-passes.ts): the pass alone is the run, the steps its samples. */
function readPass(lines: readonly string[], i: number, file: string, x: Interpreted, steps: StepSeries): BlockResult {
  const block: Block = { items: x.block.items.filter((it) => it.index === i), next: i + 1, boxed: x.block.boxed };
  const diagnostics: Diagnostic[] = [];
  const run = blockRun(lines, i, file, interpret(block), diagnostics);
  const next = (steps.lines[steps.lines.length - 1] ?? i) + 1;
  return { next, runs: [orderRun(run)], env: [], samples: stepSamples(lines, file, steps), diagnostics };
}

function readKeyValue(lines: readonly string[], i: number, file: string): BlockResult {
  const found = blockAt(lines, i);
  if (!found) return emptyResult(i + 1);
  if (found.kind !== 'run') return notRead(found, i, file);
  const steps = stepsAfter(lines, i);
  if (steps) return readPass(lines, i, file, found.x, steps);
  const diagnostics: Diagnostic[] = [];
  const run = blockRun(lines, i, file, found.x, diagnostics);
  flagRestated(lines, i, found.x.block, run, file, diagnostics, readOne);
  if (found.x.block.items.length === 1) passRun(lines, i, run, found.x);
  let next = found.x.block.next;
  // A summary followed by the JSON its script saved (the same run printed twice): one run.
  if (!found.x.block.json) {
    next = mergeJsonAfter(lines, next, run, file, diagnostics, (j) => {
      const after = blockAt(lines, j);
      if (after?.kind !== 'run' || !after.x.block.json) return undefined;
      const own: Diagnostic[] = [];
      return { run: blockRun(lines, j, file, after.x, own), next: after.x.block.next, diagnostics: own };
    });
  }
  return { next, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const keyValueReader: BlockReader = {
  name: 'key-value',
  mayStartWith: mayStartKey,
  startsAt(lines, i) {
    return blockAt(lines, i) !== undefined;
  },
  read: guardedRead('key/value block', readKeyValue),
};
