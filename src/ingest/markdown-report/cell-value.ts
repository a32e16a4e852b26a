/**
 * One cell of a report table, read against its column:
 *   - a unit printed in the cell wins over what the header assumes (`477 ms` under `Mean
 *     Latency`, whose key is in seconds, is 0.477); a cell unit that contradicts the header's
 *     own (`477 ms` under `Latency (s)`) is still the cell's, with a warning;
 *   - under a header the vocabulary cannot place alone, the cell's unit can place it
 *     (`2.09 req/sec` under `Throughput`);
 *   - `5/5 (100%)` under a success or requests column is completed out of total requests;
 *   - `TBD`, `-`, `n/a` or nothing is a placeholder: no figure yet.
 */
import { classifyUnit, meaningAsOutputRate } from '../../model/label-meaning';
import { lookupLabel, secondsPerUnit, unitInLabel } from '../../model/metric-vocabulary';
import type { ClientSettings } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { figureText, parseFigure, spreadKey } from '../../model/units-cell';

export type CellRead =
  /** `tolerance`: half the last printed digit, in the key's unit (how far a rounded copy may be). */
  | { kind: 'metric'; key: string; value: number; tolerance: number; note?: string; warning?: string; spread?: number }
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

/** Reads `cell` of the column `header`, whose metric (if the header names one) is `metric`. */
export function readCell(header: string, metric: { key: string; factor: number } | undefined, cell: string): CellRead {
  const text = figureText(cell);
  if (text === '' || PLACEHOLDER.test(text)) return { kind: 'placeholder' };
  const ok = OK_OF_TOTAL.exec(text);
  if (ok?.[1] && ok[2] && OK_HEADER.test(header) && (!metric || metric.key === 'requests_ok_count'))
    return { kind: 'ok-of-total', ok: Number(ok[1]), total: Number(ok[2]) };
  const n = parseFigure(text);
  if (n.lossy) return { kind: 'lossy' };
  if (n.value === undefined) return n.missing ? { kind: 'placeholder' } : metric ? { kind: 'unparsed' } : { kind: 'none' };
  const value = n.unit === undefined ? { value: n.value, text } : { value: n.value, unit: n.unit, text };
  const read = metric ? metricCell(metric.key, metric.factor, header, value) : placedByUnit(header, value);
  // `312.4 ± 3.1`: the spread in the value's unit, scaled as the value was; a relative one (`± 2%`) is not.
  if (read.kind === 'metric' && n.spread !== undefined && !/(?:±|\+\/?-)\s*[\d.]+\s*%/.test(text))
    read.spread = round((read.value / n.value) * n.spread);
  return read;
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

/** A metric cell's `±` spread into the run as the key's `_std` (spreadKey), unless the run has one. */
export function putCellSpread(run: { metrics: Record<string, number> }, read: CellRead): void {
  if (read.kind !== 'metric' || read.spread === undefined) return;
  const key = spreadKey(read.key);
  if (!Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, read.spread);
}
