/**
 * One cell of a report table, read against its column:
 *   - a unit printed in the cell wins over what the header assumes (`477 ms` under `Mean
 *     Latency`, whose key is in seconds, is 0.477); a cell unit that contradicts the header's
 *     own (`477 ms` under `Latency (s)`) is still the cell's, with a warning;
 *   - under a header the vocabulary cannot place alone, the cell's unit can place it
 *     (`2.09 req/sec` under `Throughput`);
 *   - `5/5 (100%)` under a success or requests column is completed out of total requests;
 *   - `TBD`, `-`, `n/a` or nothing is a placeholder: no figure yet;
 *   - the other forms of tables/cell-forms.ts: `a ± b unit` and `[lo est hi]` give their value,
 *     `min … max` its two ends (the key's min and max), `5000+ ms` no value (a bound), a cell of
 *     two values its first (`75 tks/s (8B), 115 tks/s (Marlin)`), each figure in its own unit.
 */
import { classifyUnit, meaningAsOutputRate } from '../../model/label-meaning';
import { lookupLabel, type ParsedNumber, secondsPerUnit, unitInLabel } from '../../model/metric-vocabulary';
import type { ClientSettings } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { figureText, parseFigure, spreadKey } from '../../model/units-cell';
import { type CellFigure, type CellForm, cellForm, cellUnit } from '../tables/cell-forms';

export type CellRead =
  /** `tolerance`: half the last printed digit, in the key's unit (how far a rounded copy may be). */
  | {
      kind: 'metric';
      key: string;
      value: number;
      tolerance: number;
      note?: string;
      warning?: string;
      spread?: number;
      /** A range's high end (`389.7 ms … 452.1 ms`): its key and value; the read's own is the low end. */
      high?: { key: string; value: number };
    }
  | { kind: 'ok-of-total'; ok: number; total: number }
  | { kind: 'placeholder' }
  | { kind: 'lossy' }
  | { kind: 'unparsed'; warning?: string }
  /** Not a figure this column holds: the caller reads it as context or an unknown number. */
  | { kind: 'none' };

const PLACEHOLDER = /^(tbd|tba|todo|to do|pending|wip|n\/?a|none|null|-+|—|–|\?+|…|\.\.\.)$/i;
const OK_OF_TOTAL = /^(\d+)\s*\/\s*(\d+)(?=\s|\(|$)/;
const OK_HEADER = /\b(success|successful|succeeded|succeed|ok|completed|complete|passed|requests?)\b/i;
const TIMED = /^(ttft|tpot|itl|latency)_.*_(s|ms)$|^duration_s$/;

function round(v: number): number {
  return Number(v.toPrecision(12));
}

/** Factor from a value printed in `unit` to the key's unit, or a contradiction. */
function unitFactor(key: string, header: string, unit: string): { factor?: number; warning?: string; keep?: boolean } {
  const cls = classifyUnit(unit);
  if (TIMED.test(key)) {
    if (cls.kind !== 'time') return { warning: `'${unit}' is not a time unit` };
    const factor = key.endsWith('_ms') ? cls.seconds * 1000 : cls.seconds;
    const printed = unitInLabel(header);
    const headerSeconds = printed === undefined ? undefined : secondsPerUnit(printed);
    if (headerSeconds !== undefined && headerSeconds !== cls.seconds)
      return { factor, warning: `the cell says ${unit}, the header '${header}' says ${printed}: read in ${unit}` };
    return { factor };
  }
  if (cls.kind === 'time') return { warning: `'${unit}' is a time unit` };
  // `100.0%` under `Success` is a share of the requests, not their count.
  if (cls.kind === 'pct' && !/_pct(_|$)/.test(key)) return { warning: `'${unit}' is a share, not ${key}` };
  if (cls.kind === 'rate' && /_(tps|rps)(_per_user)?(_[a-z0-9]+)?$/.test(key)) return { factor: cls.perSecond };
  return { keep: true };
}

/** Half of the last digit printed in `text`'s number, times `factor`. */
function halfDigit(text: string, factor: number): number {
  const decimals = /^[-+]?\d[\d,]*(?:\.(\d+))?/.exec(text)?.[1]?.length ?? 0;
  return round(0.5 * 10 ** -decimals * Math.abs(factor));
}

function metricCell(key: string, factor: number, header: string, n: { value: number; unit?: string; text: string }): CellRead {
  const plain = (f: number): CellRead => ({ kind: 'metric', key, value: round(n.value * f), tolerance: halfDigit(n.text, f) });
  if (n.unit === undefined) return plain(factor);
  const u = unitFactor(key, header, n.unit);
  if (u.keep) return plain(factor);
  if (u.factor === undefined) return { kind: 'unparsed', warning: `${u.warning ?? 'unit'}: not read as ${key}` };
  const out = plain(u.factor);
  if (u.warning && out.kind === 'metric') out.warning = u.warning;
  return out;
}

/** A metric the cell's unit gives an otherwise unplaced header (`Throughput` + `req/sec`). */
function placedByUnit(header: string, n: { value: number; unit?: string; text: string }): CellRead {
  if (n.unit === undefined) return { kind: 'none' };
  const direct = lookupLabel(header, { unit: n.unit });
  const output = direct ? undefined : meaningAsOutputRate(header, { unit: n.unit });
  const m = direct ?? output;
  if (m?.kind !== 'metric') return { kind: 'none' };
  const why = direct ? '' : '; no direction named: read as generated (output) tokens';
  const note = `unit '${n.unit}' printed in the cells${why}`;
  return { kind: 'metric', key: m.key, value: round(n.value * m.factor), tolerance: halfDigit(n.text, m.factor), note };
}

type Metric = { key: string; factor: number } | undefined;

/** A figure of a compound cell through the column's metric (or its own unit), as a plain cell is. */
function figureRead(header: string, metric: Metric, f: CellFigure): CellRead {
  const n = f.unit === undefined ? { value: f.value, text: f.digits } : { value: f.value, unit: f.unit, text: f.digits };
  return metric ? metricCell(metric.key, metric.factor, header, n) : placedByUnit(header, n);
}

/** The key of a range end: the key's statistic replaced (`latency_mean_s` → `latency_min_s`), else after it. */
function rangeKey(key: string, end: 'min' | 'max'): string {
  const stat = /_(mean|p50|median|avg)_(s|ms)$/.exec(key);
  if (stat) return `${key.slice(0, stat.index)}_${end}_${stat[2]}`;
  return /_(min|max)(_|$)/.test(key) ? key : `${key}_${end}`;
}

/** A compound cell (cell-forms.ts) of the column: its value, a range's two ends, or why none. */
function formRead(header: string, metric: Metric, form: CellForm, text: string): CellRead | undefined {
  switch (form.shape) {
    case 'bound':
      return { kind: 'unparsed', warning: `'${text}' is a ${form.side} bound, not a value` };
    case 'range': {
      const low = figureRead(header, metric, form.low);
      const high = figureRead(header, metric, form.high);
      if (low.kind !== 'metric' || high.kind !== 'metric') return low.kind === 'metric' ? high : low;
      const note = `'${text}' is a range: its low and high ends`;
      return { ...low, key: rangeKey(low.key, 'min'), note, high: { key: rangeKey(high.key, 'max'), value: high.value } };
    }
    case 'spread':
    case 'interval':
    case 'qualified':
      return undefined;
    case 'several': {
      const read = figureRead(header, metric, form);
      const rest = form.others.map((o) => `${o.digits}${o.unit ? ` ${o.unit}` : ''}`).join(', ');
      if (read.kind === 'metric') read.note = `the cell holds ${form.others.length + 1} values: the first read, ${rest} not`;
      return read;
    }
  }
}

/** Reads `cell` of the column `header`, whose metric (if the header names one) is `metric`. */
export function readCell(header: string, metric: Metric, cell: string): CellRead {
  const text = figureText(cell);
  if (text === '' || PLACEHOLDER.test(text)) return { kind: 'placeholder' };
  const ok = OK_OF_TOTAL.exec(text);
  if (ok?.[1] && ok[2] && OK_HEADER.test(header) && (!metric || metric.key === 'requests_ok_count'))
    return { kind: 'ok-of-total', ok: Number(ok[1]), total: Number(ok[2]) };
  const form = cellForm(text);
  const compound = form && formRead(header, metric, form, text);
  if (compound) return compound;
  const n: ParsedNumber = formFigure(form) ?? withCellUnit(parseFigure(text));
  if (n.lossy) return { kind: 'lossy' };
  if (n.value === undefined) return n.missing ? { kind: 'placeholder' } : metric ? { kind: 'unparsed' } : { kind: 'none' };
  const value = n.unit === undefined ? { value: n.value, text } : { value: n.value, unit: n.unit, text };
  const read = metric ? metricCell(metric.key, metric.factor, header, value) : placedByUnit(header, value);
  // `312.4 ± 3.1`: the spread in the value's unit, scaled as the value was; a relative one (`± 2%`) is not.
  if (read.kind === 'metric' && n.spread !== undefined && !/(?:±|\+\/?-)\s*[\d.]+\s*%/.test(text))
    read.spread = round((read.value / n.value) * n.spread);
  return read;
}

/** The value (with its unit and spread) of a form that has one; parseFigure reads the rest. */
function formFigure(form: CellForm | undefined): { value: number; unit?: string; spread?: number } | undefined {
  if (form?.shape !== 'spread' && form?.shape !== 'interval' && form?.shape !== 'qualified') return undefined;
  const out: { value: number; unit?: string; spread?: number } = { value: form.value };
  if (form.unit !== undefined) out.unit = form.unit;
  if (form.shape === 'spread' && !form.relative) out.spread = form.spread;
  return out;
}

/** `65 tks/s`: the unit as the vocabulary spells it. */
function withCellUnit(n: ParsedNumber): ParsedNumber {
  return n.unit === undefined ? n : { ...n, unit: cellUnit(n.unit) };
}

/**
 * A `completed/total` cell into a run: the completed count, and the total as the client's
 * request count where the run has none yet, `why` its provenance.
 */
export function putOkOfTotal(
  run: { metrics: Record<string, number>; client?: ClientSettings; provenance: Record<string, string> },
  read: { ok: number; total: number },
  why: string,
): void {
  setOwn(run.metrics, 'requests_ok_count', read.ok);
  const client = (run.client ??= {});
  if (client.total_requests !== undefined) return;
  client.total_requests = read.total;
  run.provenance['client.total_requests'] = why;
}

/**
 * A metric cell's `±` spread into the run as the key's `_std` (spreadKey), and a range's high
 * end under its key, unless the run has them.
 */
export function putCellSpread(run: { metrics: Record<string, number> }, read: CellRead): void {
  if (read.kind !== 'metric') return;
  if (read.high && !Object.hasOwn(run.metrics, read.high.key)) setOwn(run.metrics, read.high.key, read.high.value);
  if (read.spread === undefined) return;
  const key = spreadKey(read.key);
  if (!Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, read.spread);
}
