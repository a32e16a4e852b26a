/**
 * Cell → metric mapping shared by the tool-table readers. Labels go through the metric
 * vocabulary (`lookupLabel`); the few labels other tools print that the vocabulary does not
 * know are rewritten to a label it does (`TOOL_ALIASES`) — a synonym table, not a parser.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { secondsOfTimeUnit } from '../../model/label-meaning';
import {
  type ClientKey,
  isCountMetric,
  lookupKnownLabel,
  lookupLabel,
  normaliseStat,
  type ParsedNumber,
} from '../../model/metric-vocabulary';
import type { RunFlag } from '../../model/records';
import { setOwn, slugify } from '../../model/safe-keys';
import { figureText, parseFigure, spreadKey } from '../../model/units-cell';
import { isTimedKey } from '../blocks/kv-units';
import type { PartialRun } from '../types';
import { cellForm } from './cell-forms';

/** Tool labels the vocabulary does not know, rewritten to one it does. */
const TOOL_ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/^num output tokens?$/i, 'Output Sequence Length'], // genai-perf 2024
  [/^num input tokens?$/i, 'Input Sequence Length'],
  [/^time taken for tests$/i, 'Benchmark Duration'], // evalscope
  [/^succeed requests$/i, 'Successful Requests'],
  [/^average input tokens per request$/i, 'Avg Input Tokens'],
  [/^average output tokens per request$/i, 'Avg Output Tokens'],
  [/^gen\/s$/i, 'Output Token Throughput'],
  [/^total generated$/i, 'Total Generated Tokens'], // evalscope sweep "Basic Information"
  [/^total test time$/i, 'Benchmark Duration'],
  [/^avg output rate$/i, 'Output Token Throughput'],
  [/^requests completed$/i, 'Successful Requests'], // guidellm v0.1
  [/^requests? failed$/i, 'Failed Requests'],
];

/** Labels that are client settings, beyond the vocabulary's. */
const TOOL_CLIENT: ReadonlyArray<[RegExp, ClientKey]> = [[/^(number of concurrency|conc\.?|concurrency|parallel)$/i, 'concurrency']];

export function aliasLabel(label: string): string {
  const unit = /\s*\(([^()]+)\)\s*$/.exec(label);
  const bare = unit ? label.slice(0, unit.index).trim() : label.trim();
  for (const [re, to] of TOOL_ALIASES) if (re.test(bare)) return unit ? `${to} (${unit[1]})` : to;
  return label;
}

/** Rounds away binary noise from unit conversion (37719.87 × 1e-3). */
export function clean(x: number): number {
  return Number(x.toPrecision(12));
}

export type Meaning = { kind: 'metric'; key: string; factor: number } | { kind: 'client'; key: ClientKey };

/**
 * What `label` (with a stat from a column or row, and a unit from the label, cell or column)
 * means. Statistics the vocabulary has no name for (`p10`, `p66`) keep the vocabulary's
 * quantity and unit with their own stat (`ttft_p10_ms`); non-mean stats of whole-run
 * quantities get a stat suffix (`output_tps_per_user_p99`). Unknown labels become slugs.
 * `exact`: known spellings only, not the label's meaning words (see `lookupKnownLabel`).
 */
export function meaningOf(label: string, opts: { unit?: string; stat?: string; exact?: boolean } = {}): Meaning {
  const aliased = aliasLabel(label);
  const bare = aliased.replace(/\s*\([^()]*\)\s*$/, '').trim();
  for (const [re, key] of TOOL_CLIENT) if (re.test(bare)) return { kind: 'client', key };
  const statWord = opts.stat?.trim();
  const std = statWord ? normaliseStat(statWord) : undefined;
  const odd = statWord && !std ? /^p(?:ct)?\s*(\d+(?:\.\d+)?)%?$|^(\d+(?:\.\d+)?)%$/i.exec(statWord) : null;
  const oddStat = odd ? `p${(odd[1] ?? odd[2] ?? '').replace('.', '_')}` : undefined;
  const lookOpts: { unit?: string; stat?: string } = {};
  if (opts.unit) lookOpts.unit = opts.unit;
  if (std) lookOpts.stat = std;
  else if (oddStat) lookOpts.stat = 'p99';
  const m = opts.exact ? lookupKnownLabel(aliased, lookOpts) : lookupLabel(aliased, lookOpts);
  if (m?.kind === 'client') return m;
  if (m?.kind === 'metric') {
    let key = m.key;
    const stat = oddStat ?? std;
    if (oddStat && /_p99(_|$)/.test(key)) key = key.replace(/_p99(_|$)/, `_${oddStat}$1`);
    else if (stat && stat !== 'mean' && !new RegExp(`_${stat}(_|$)`).test(key)) key = `${key}_${stat}`;
    return { kind: 'metric', key, factor: m.factor };
  }
  const unit = opts.unit ?? /\(([^()]+)\)\s*$/.exec(aliased)?.[1];
  const stat = oddStat ?? std;
  let key = slugify(bare);
  if (stat) key += `_${stat}`;
  if (unit) key += `_${slugify(unit)}`;
  return { kind: 'metric', key, factor: 1 };
}

export interface CellContext {
  file: string;
  /** 0-based line of the cell's row. */
  line: number;
  diagnostics: Diagnostic[];
}

function flag(run: PartialRun, f: RunFlag): void {
  if (!run.flags.includes(f)) run.flags.push(f);
}

/**
 * Reads a printed value; `$0.0016` is dollars. The compound forms of cell-forms.ts give their
 * value (`2.27s ± 3%`, `[1.2 µs 1.3 µs 1.4 µs]`) or none (a range, a bound: kept in raw).
 */
export function readValue(text: string): ParsedNumber {
  const t = text.trim();
  const dollars = /^\$\s*([\d,]*\.?\d+)$/.exec(t);
  if (dollars?.[1]) return { value: Number(dollars[1].replace(/,/g, '')), unit: 'usd' };
  // A cell that is only an ellipsis is elided by the tool, not a truncated number.
  if (/^(\.\.\.|…)$/.test(t)) return { missing: true };
  const form = cellForm(t);
  if (form?.shape === 'range' || form?.shape === 'bound') return {};
  if (form?.shape === 'spread' || form?.shape === 'interval') {
    const out: ParsedNumber = { value: form.value };
    if (form.unit !== undefined) out.unit = form.unit;
    if (form.shape === 'spread' && !form.relative) out.spread = form.spread;
    return out;
  }
  return parseFigure(t);
}

/**
 * `100.21ms | 130.73ms | 1.21s` in one row: a time key's factor from the unit the cell prints,
 * which wins over the one its label or column assumed.
 */
function cellTimeFactor(key: string, unit: string | undefined): number | undefined {
  if (unit === undefined || !isTimedKey(key)) return undefined;
  const seconds = secondsOfTimeUnit(unit.trim());
  if (seconds === undefined) return undefined;
  return key.endsWith('_ms') ? seconds * 1000 : seconds;
}

/**
 * Puts one cell into a run: the raw text always (under `rawKey`), the number under its
 * metric key (first value wins) or the client setting. Truncated cells (`1,081…`) are left
 * out with flag `lossy-cell` and a `cell-lossy` diagnostic — never read as 1081.
 */
export function putCell(run: PartialRun, rawKey: string, text: string, meaning: Meaning, ctx: CellContext): void {
  setOwn(run.raw, rawKey, text);
  const say = (severity: Diagnostic['severity'], code: Diagnostic['code'], why: string): void => {
    ctx.diagnostics.push({ severity, code, message: `"${rawKey}" = "${text}" ${why}`, file: ctx.file, line: ctx.line + 1 });
  };
  const v = readValue(text);
  if (v.lossy) {
    flag(run, 'lossy-cell');
    say('warning', 'cell-lossy', 'was truncated by the tool; the value is left out');
    return;
  }
  if (v.notFinite && meaning.kind !== 'client') {
    // A client's `inf` rate is a setting (no limit); NaN or Infinity as a measurement is none.
    say('warning', 'cell-unparsed', 'is not a finite number; the value is left out');
    return;
  }
  if (v.missing) return;
  if (meaning.kind === 'client') {
    const client = (run.client ??= {});
    if (meaning.key === 'url' || meaning.key === 'model_path') {
      if (client[meaning.key] === undefined) client[meaning.key] = text.trim();
    } else if (v.value !== undefined && client[meaning.key] === undefined) client[meaning.key] = v.value;
    return;
  }
  if (v.value === undefined) {
    say('info', 'cell-unparsed', 'is not a number; kept in raw only');
    return;
  }
  if (Object.hasOwn(run.metrics, meaning.key)) return;
  if (v.value < 0 && isCountMetric(meaning.key)) {
    say('warning', 'cell-unparsed', 'is a negative count; the value is left out');
    return;
  }
  const factor = cellTimeFactor(meaning.key, v.unit) ?? meaning.factor;
  setOwn(run.metrics, meaning.key, clean(v.value * factor));
  if (meaning.key === 'requests_ok_count') putTotalOf(run, text, ctx.line);
  putSpread(run, meaning.key, text, v.spread, factor);
}

/** `38 / 40` as the completed count: the total is the client's request count where the run has none. */
function putTotalOf(run: PartialRun, text: string, line: number): void {
  const total = /^\d+\s*\/\s*(\d+)$/.exec(figureText(text))?.[1];
  if (total === undefined || run.client?.total_requests !== undefined) return;
  (run.client ??= {}).total_requests = Number(total);
  run.provenance['client.total_requests'] = `'${text.trim()}' (completed/total requests), line ${line + 1}`;
}

/** `312.4 ± 3.1`: the spread as the key's `_std` (spreadKey); a relative one (`± 2%`) stays in raw only. */
export function putSpread(
  run: { metrics: Record<string, number> },
  key: string,
  text: string,
  spread: number | undefined,
  factor: number,
): void {
  if (spread === undefined || /(?:±|\+\/?-)\s*[\d.]+\s*%/.test(text)) return;
  const to = spreadKey(key);
  if (!Object.hasOwn(run.metrics, to)) setOwn(run.metrics, to, clean(spread * factor));
}

/** Meaning of a cell whose unit may be printed in the cell itself (`10.32 sec`, `0.05s`). */
export function meaningForCell(label: string, text: string, stat?: string): Meaning {
  const v = readValue(text);
  const opts: { unit?: string; stat?: string } = {};
  if (v.unit) opts.unit = v.unit.trim();
  if (stat) opts.stat = stat;
  return meaningOf(label, opts);
}

/** What an evalscope percentile column (`TTFT (s)`, `Output (tok/s)`) means at one percentile row (`99%`). */
export function percentileColumnMeaning(column: string, stat: string): Meaning {
  // Per-request columns of evalscope's percentile grid.
  const label = column
    .replace(/^input tokens$/i, 'Input Sequence Length')
    .replace(/^output tokens$/i, 'Output Sequence Length')
    .replace(/^output(?= \()/i, 'Output Token Throughput Per User');
  // Per-request distributions: a whole-run name read by meaning ("Total (tok/s)" → total_tps) would misname them.
  return meaningOf(label, { stat, exact: true });
}
