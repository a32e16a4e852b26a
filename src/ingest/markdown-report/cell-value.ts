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
import { lookupLabel, parseNumber, secondsPerUnit, unitInLabel } from '../../model/metric-vocabulary';

export type CellRead =
  | { kind: 'metric'; key: string; value: number; note?: string; warning?: string }
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
  if (cls.kind === 'rate' && /_(tps|rps)(_per_user)?(_[a-z0-9]+)?$/.test(key)) return { factor: cls.perSecond };
  return { keep: true };
}

function metricCell(key: string, factor: number, header: string, n: { value: number; unit?: string }): CellRead {
  if (n.unit === undefined) return { kind: 'metric', key, value: round(n.value * factor) };
  const u = unitFactor(key, header, n.unit);
  if (u.keep) return { kind: 'metric', key, value: round(n.value * factor) };
  if (u.factor === undefined) return { kind: 'unparsed', warning: `${u.warning ?? 'unit'}: not read as ${key}` };
  const out: CellRead = { kind: 'metric', key, value: round(n.value * u.factor) };
  if (u.warning) out.warning = u.warning;
  return out;
}

/** A metric the cell's unit gives an otherwise unplaced header (`Throughput` + `req/sec`). */
function placedByUnit(header: string, n: { value: number; unit?: string }): CellRead {
  if (n.unit === undefined) return { kind: 'none' };
  const direct = lookupLabel(header, { unit: n.unit });
  if (direct?.kind === 'metric')
    return { kind: 'metric', key: direct.key, value: round(n.value * direct.factor), note: `unit '${n.unit}' printed in the cells` };
  const output = meaningAsOutputRate(header, { unit: n.unit });
  if (output?.kind === 'metric')
    return {
      kind: 'metric',
      key: output.key,
      value: round(n.value * output.factor),
      note: `unit '${n.unit}' printed in the cells; no direction named: read as generated (output) tokens`,
    };
  return { kind: 'none' };
}

/** Reads `cell` of the column `header`, whose metric (if the header names one) is `metric`. */
export function readCell(header: string, metric: { key: string; factor: number } | undefined, cell: string): CellRead {
  const text = cell.trim();
  if (text === '' || PLACEHOLDER.test(text)) return { kind: 'placeholder' };
  const ok = OK_OF_TOTAL.exec(text);
  if (ok?.[1] && ok[2] && OK_HEADER.test(header) && (!metric || metric.key === 'requests_ok_count'))
    return { kind: 'ok-of-total', ok: Number(ok[1]), total: Number(ok[2]) };
  const n = parseNumber(text);
  if (n.lossy) return { kind: 'lossy' };
  if (n.value === undefined) return n.missing ? { kind: 'placeholder' } : metric ? { kind: 'unparsed' } : { kind: 'none' };
  const value = n.unit === undefined ? { value: n.value } : { value: n.value, unit: n.unit };
  if (metric) return metricCell(metric.key, metric.factor, header, value);
  return placedByUnit(header, value);
}
