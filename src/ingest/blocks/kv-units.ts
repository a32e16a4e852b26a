/**
 * Times printed with no unit (`Average time to first token: 2.701`). The vocabulary's own
 * unit (ms for TTFT/TPOT/ITL, s for latency) is only the last resort; first come, in order:
 *   1. the block's units: when every time the block prints with a unit uses one unit, an
 *      unmarked time is in it too (old evalscope prints `22.512 seconds` once, then bare seconds);
 *   2. the magnitude: a TTFT, TPOT or ITL under 1 ms or a request latency over 1000 s is
 *      not what an LLM server does, so the other unit is meant;
 *   3. the vocabulary's unit.
 * Each choice is written into the run's provenance.
 */
import { secondsOfTimeUnit } from '../../model/label-meaning';

/** A time unit at the end of a label: `(ms)`, `[s]`, `latency(ms)`, `_ms`, ` seconds`. */
export function labelTimeUnit(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  const m =
    /[([]\s*([^()[\]]+?)\s*[)\]]\s*:?\s*$/.exec(label) ??
    /_(ns|us|µs|ms|s|sec|secs|seconds)$/i.exec(label) ??
    / (ns|us|µs|ms|msec|s|sec|secs|seconds)$/i.exec(label);
  const unit = m?.[1]?.trim();
  return unit !== undefined && secondsOfTimeUnit(unit) !== undefined ? unit : undefined;
}

/** A time unit named among a label's words (`Average milliseconds/request`, `total Time Mills`). */
const UNIT_WORD = /(?:^|[\s_/])(milliseconds|millis|mills|msec|microseconds|nanoseconds|seconds|secs)(?=$|[\s_/)])/i;

/** True when the label names its time unit anywhere (the vocabulary read it from there). */
export function labelNamesTimeUnit(label: string | undefined): boolean {
  return label !== undefined && (labelTimeUnit(label) !== undefined || UNIT_WORD.test(label));
}

export interface BlockTimeUnit {
  unit: string;
  /** 0-based line of the first time printed in that unit, and its text. */
  index: number;
  text: string;
}

/** The one time unit the block's marked times use; undefined when none is marked or they differ. */
export function blockTimeUnit(marked: ReadonlyArray<{ unit: string; index: number; text: string }>): BlockTimeUnit | undefined {
  let found: BlockTimeUnit | undefined;
  let seconds: number | undefined;
  for (const m of marked) {
    const s = secondsOfTimeUnit(m.unit);
    if (s === undefined) continue;
    if (seconds !== undefined && s !== seconds) return undefined;
    seconds = s;
    found ??= { unit: m.unit, index: m.index, text: m.text };
  }
  return found;
}

const TIMED_KEY = /^(ttft|tpot|itl|latency)_[a-z0-9_]+_(ms|s)$/;

/** True for a latency-like vocabulary key (the ones whose printed unit matters). */
export function isTimedKey(key: string): boolean {
  return TIMED_KEY.test(key);
}

/** For a timed key printed with no unit: the factor from the printed value to the key's unit, and why. */
export function unitlessTime(
  key: string,
  value: number,
  block: BlockTimeUnit | undefined,
): { factor: number; why: string; byMagnitude?: true } {
  const own = key.endsWith('_ms') ? 'ms' : 's';
  const quantity = key.split('_')[0] ?? key;
  const toKey = (unit: string): number => {
    const s = secondsOfTimeUnit(unit) ?? 1;
    return own === 'ms' ? s * 1000 : s;
  };
  if (block) {
    return {
      factor: toKey(block.unit),
      why: `no unit printed: read in ${block.unit} like the block's other times ("${block.text}", line ${block.index + 1})`,
    };
  }
  if (own === 'ms' && Math.abs(value) < 1 && value !== 0)
    return {
      factor: 1000,
      why: `no unit printed: ${value} read as seconds (a ${quantity.toUpperCase()} under 1 ms is not plausible)`,
      byMagnitude: true,
    };
  if (own === 's' && value >= 1000)
    return {
      factor: 0.001,
      why: `no unit printed: ${value} read as milliseconds (a request latency over 1000 s is not plausible)`,
      byMagnitude: true,
    };
  return {
    factor: 1,
    why: `no unit printed: read in ${own}, the vocabulary's unit for ${quantity === 'latency' ? 'latency' : quantity.toUpperCase()}`,
  };
}
