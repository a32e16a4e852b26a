/**
 * Sweep lines: one line per point of a sweep, a setting and one measurement on it.
 *
 *   seq_len:  32 time:  3.69                                  several pairs on one line
 *   ---- execute time: 0.0057 for token_len: 16               `X for key: N`
 *
 * The rule (a general one, beside read-region.ts's "two metrics make a run"): ONE measurement is
 * enough when the same labels are printed on two lines or more and a setting among them takes
 * different values: each line is then a point of the sweep, a run. A lone line (`batch: 8 time:
 * 3.2`), or repeated lines whose settings never change (passes of one setting), stay no run.
 * The measurement keeps its label's name and its value as printed when it names no unit
 * (a bare `time` is not assumed to be seconds); the setting goes to the client.
 */
import { unknownMetricKey } from '../../model/metric-vocabulary';
import type { NumericClientKey } from '../../model/records';
import { type NamedNumber, nameNumber } from './name-pair';
import { type LabelledNumber, readPairLine } from './pair-line';

export interface SweepLine {
  text: string;
  line: number;
}

export interface SweepPoint {
  line: number;
  /** `seq_len 32`: the setting that varies, as the point's label. */
  label: string;
  values: Array<{ pair: LabelledNumber; named: NamedNumber }>;
}

/** A label that measures: a time or a rate by its words. */
const MEASURE_WORD = /\b(?:time|times|latency|elapsed|duration|speed|throughput|tps|rps)\b/i;
/** A bare length with no direction (`seq_len`, `token_len`, `sequence length`): in a sweep, the prompt's length. */
const BARE_LENGTH = /^(?:seq(?:uence)?|token|tokens|tok)?[\s_-]?(?:len|length)$/i;

interface Candidate {
  line: number;
  pairs: LabelledNumber[];
}

/** The client key of a setting label, or undefined when the label is no setting. */
function settingOf(pair: LabelledNumber): NumericClientKey | undefined {
  if (BARE_LENGTH.test(pair.label.trim())) return 'input_len';
  const named = nameNumber(pair);
  return named?.kind === 'client' ? named.key : undefined;
}

/** The measurement: a vocabulary metric named by label and unit, else its label's own name and the value as printed. */
function measurementOf(pair: LabelledNumber): NamedNumber | undefined {
  if (!MEASURE_WORD.test(pair.label)) return undefined;
  const named = nameNumber(pair);
  if (named?.kind === 'metric' && named.performance) return named;
  return { kind: 'metric', key: unknownMetricKey(pair.label.toLowerCase(), pair.unit), value: pair.value, performance: true };
}

/** The points of one set of lines printed with the same labels; undefined when they are no sweep. */
function pointsOf(lines: readonly Candidate[]): SweepPoint[] | undefined {
  const first = lines[0];
  if (!first || lines.length < 2) return undefined;
  const measured = first.pairs.map((p, k) => (measurementOf(p) ? k : -1)).filter((k) => k >= 0);
  if (measured.length !== 1) return undefined;
  const m = measured[0] as number;
  const settings = first.pairs.map((p, k) => (k === m ? undefined : settingOf(p)));
  if (settings.some((s, k) => k !== m && s === undefined)) return undefined;
  // A setting must vary across the lines: passes of one setting are no sweep.
  const varying = settings.findIndex((s, k) => s !== undefined && new Set(lines.map((c) => c.pairs[k]?.value)).size > 1);
  if (varying < 0) return undefined;
  return lines.map((c) => {
    const values = c.pairs.map((pair, k) => {
      const key = settings[k];
      const named: NamedNumber = key === undefined ? (measurementOf(pair) as NamedNumber) : { kind: 'client', key, value: pair.value };
      return { pair, named };
    });
    const v = c.pairs[varying] as LabelledNumber;
    return { line: c.line, label: `${v.label} ${v.value}`, values };
  });
}

/** The sweep points among `lines`, and the lines they took. */
export function readSweeps(lines: readonly SweepLine[]): { points: SweepPoint[]; used: Set<number> } {
  const bySignature = new Map<string, Candidate[]>();
  for (const { text, line } of lines) {
    // Cheap test: a sweep line holds two pairs, so two colons.
    const colon = text.indexOf(':');
    if (colon < 0 || text.indexOf(':', colon + 1) < 0) continue;
    const pairs = readPairLine(text)?.pairs;
    if (!pairs || pairs.length < 2) continue;
    const signature = pairs.map((p) => p.label.toLowerCase()).join('\u0000');
    const same = bySignature.get(signature);
    if (same) same.push({ line, pairs });
    else bySignature.set(signature, [{ line, pairs }]);
  }
  const points: SweepPoint[] = [];
  const used = new Set<number>();
  for (const candidates of bySignature.values()) {
    const got = pointsOf(candidates);
    if (!got) continue;
    points.push(...got);
    for (const p of got) used.add(p.line);
  }
  return { points, used };
}
