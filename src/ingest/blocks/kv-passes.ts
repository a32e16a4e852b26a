/**
 * One figure a line, printed again for each pass of a script's loop:
 *
 *   =========First token cost 110.3764s=========
 *   torch.Size([1, 33])
 *   =========First token cost 0.0499s=========
 *
 * A lone figure is no run (prose gives those), but the same key on its own line at least twice,
 * a few lines apart, is a series of passes: each line is a run. The first pass is flagged
 * `warmup-suspect` when it is the slow one (design.md: its rate under 0.8× the median of the
 * other passes, or its time over 1/0.8 of theirs).
 */
import { recordId } from '../../model/ids';
import { secondsOfTimeUnit } from '../../model/label-meaning';
import { applyFactor, parseNumber } from '../../model/metric-vocabulary';
import { type SampleRecord, SCHEMA_VERSION } from '../../model/records';
import type { PartialRun } from '../types';
import { parseKvLine } from './kv-line';

/** Lines between two passes' lines at most. */
const GAP = 6;
const MAX_PASSES = 10_000;

export interface Pass {
  /** 1-based pass number. */
  pass: number;
  /** Passes in the series. */
  count: number;
  /** 0-based lines of the series' passes, when this is the first (for the warm-up test). */
  lines: number[];
}

function isPairs(line: string | undefined): boolean {
  return parseKvLine(line)?.kind === 'pairs';
}

/** The key of a line holding one pair and no pair line beside it (a pass prints its figure alone). */
function loneKey(lines: readonly string[], j: number): string | undefined {
  const line = parseKvLine(lines[j]);
  if (line?.kind !== 'pairs' || line.pairs.length !== 1 || isPairs(lines[j - 1]) || isPairs(lines[j + 1])) return undefined;
  return line.pairs[0]?.key;
}

/** The pass the lone pair at line `i` is in a series of (undefined when the key is printed once). */
export function passAt(lines: readonly string[], i: number): Pass | undefined {
  const key = loneKey(lines, i);
  if (key === undefined) return undefined;
  let pass = 1;
  for (let j = i - 1, last = i; j >= 0 && last - j <= GAP && pass < MAX_PASSES; j--) {
    if (loneKey(lines, j) !== key) continue;
    pass++;
    last = j;
  }
  const after: number[] = [];
  for (let j = i + 1, last = i; j < lines.length && j - last <= GAP && after.length < MAX_PASSES; j++) {
    if (loneKey(lines, j) !== key) continue;
    after.push(j);
    last = j;
  }
  const count = pass + after.length;
  if (count < 2) return undefined;
  return { pass, count, lines: pass === 1 ? [i, ...after] : [] };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/**
 * Flags the first pass when it is the slow one. `valueAt` reads
 * the metric of a pass line in the run's unit.
 */
export function markPass(run: PartialRun, pass: Pass, key: string, valueAt: (j: number) => number | undefined): void {
  const first = run.metrics[key];
  if (pass.pass !== 1 || first === undefined) return;
  const others = pass.lines.slice(1).map(valueAt);
  if (others.some((v) => v === undefined)) return;
  const m = median(others as number[]);
  const isRate = /_tps$|_rps$|throughput/.test(key);
  const slow = isRate ? first < 0.8 * m : first > m / 0.8;
  if (!slow) return;
  run.flags.push('warmup-suspect');
  run.provenance.flags = `warmup-suspect: the first of ${pass.count} passes, ${first} against a median of ${m} for the others`;
}

/**
 * Step lines of one pass (an engine's offline latency tool):
 *
 *   Prefill. latency: 5.0 ms, throughput: 204 token/s       the pass: a run
 *   Decode.  latency: 0.3 ms, throughput: 3 token/s         its steps: a series
 *   Decode.  latency: 0.1 ms, throughput: 102 token/s
 *
 * A line whose keys all carry one phase, followed by at least two lines of another phase with
 * the same keys: the first line is the pass (a run), the step lines are samples of the pass's
 * series (`decode_step_latency_ms`, `decode_step_tps`), never runs of their own.
 */
export interface StepSeries {
  /** The steps' phase, lower case (`decode`). */
  phase: string;
  /** 0-based lines of the steps. */
  lines: number[];
}

const MIN_STEPS = 2;

/** The phase all of a line's keys start with, and the keys without it. */
function phased(line: string | undefined): { phase: string; keys: string } | undefined {
  const kv = parseKvLine(line);
  if (kv?.kind !== 'pairs' || kv.pairs.length < 2) return undefined;
  const first = kv.pairs[0]?.key ?? '';
  const space = first.indexOf(' ');
  if (space <= 0) return undefined;
  const phase = first.slice(0, space);
  let keys = '';
  for (const p of kv.pairs) {
    if (!p.key.startsWith(`${phase} `)) return undefined;
    keys += `|${p.key.slice(phase.length + 1)}`;
  }
  return { phase, keys };
}

/** The step lines after the pass line `i` (undefined when it heads no series of steps). */
export function stepsAfter(lines: readonly string[], i: number): StepSeries | undefined {
  const head = phased(lines[i]);
  if (!head) return undefined;
  const steps: number[] = [];
  let phase: string | undefined;
  for (let j = i + 1; j < lines.length && steps.length < MAX_PASSES; j++) {
    const step = phased(lines[j]);
    if (!step || step.keys !== head.keys || step.phase === head.phase || (phase !== undefined && step.phase !== phase)) break;
    phase = step.phase;
    steps.push(j);
  }
  if (phase === undefined || steps.length < MIN_STEPS) return undefined;
  return { phase: phase.toLowerCase(), lines: steps };
}

/** The step lines' samples (0-based lines; the scanner shifts them to the file's). */
export function stepSamples(lines: readonly string[], file: string, steps: StepSeries): SampleRecord[] {
  const out: SampleRecord[] = [];
  steps.lines.forEach((j, k) => {
    const source: SampleRecord['source'] = { file, line: j + 1, format: 'key-value' };
    for (const p of stepPoints(lines[j], steps.phase)) {
      const id = recordId(file, j + 1, undefined, p.series);
      out.push({
        kind: 'sample',
        schema_version: SCHEMA_VERSION,
        id,
        source,
        labels: { step: String(k + 1) },
        series: p.series,
        value: p.value,
      });
    }
  });
  return out;
}

/** A step line's values as series points: times in ms (`<phase>_step_latency_ms`), token rates (`<phase>_step_tps`). */
function stepPoints(line: string | undefined, phase: string): Array<{ series: string; value: number }> {
  const kv = parseKvLine(line);
  if (kv?.kind !== 'pairs') return [];
  const out: Array<{ series: string; value: number }> = [];
  for (const p of kv.pairs) {
    const n = parseNumber(p.value);
    if (n.value === undefined || n.unit === undefined) continue;
    const seconds = secondsOfTimeUnit(n.unit);
    if (seconds !== undefined) out.push({ series: `${phase}_step_latency_ms`, value: applyFactor(n.value, seconds * 1000) });
    else if (TOKEN_RATE.test(n.unit)) out.push({ series: `${phase}_step_tps`, value: n.value });
  }
  return out;
}

const TOKEN_RATE = /^(?:tok|tokens?)\s*(?:\/\s*|per\s*)s(?:ec|econd)?$/i;

/**
 * The sweep rule for blocks (as residue/sweep.ts for one-line points): one metric beside
 * settings is a run when the same keys are printed again just below or above with a setting of
 * another value (`input_len: 16` / `prefill latency: 5.7 ms`, then `input_len: 32` / …). The same
 * keys with the same settings (passes of one setting) or printed once stay no run.
 */
export function settingVaries(
  lines: readonly string[],
  items: ReadonlyArray<{ index: number; key: string; value: string }>,
  isSetting: (key: string, value: string) => boolean,
): boolean {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const settings = items.filter((it) => isSetting(it.key, it.value));
  if (settings.length === 0 || settings.length === items.length) return false;
  const span = last.index - first.index + 1 + GAP;
  const keys = new Set(items.map((it) => it.key));
  const seen = new Set<string>();
  let varied = false;
  const look = (j: number): void => {
    const kv = parseKvLine(lines[j]);
    if (kv?.kind !== 'pairs') return;
    for (const p of kv.pairs) {
      if (!keys.has(p.key)) continue;
      seen.add(p.key);
      if (settings.some((s) => s.key === p.key && s.value !== p.value)) varied = true;
    }
  };
  for (let j = last.index + 1; j < lines.length && j <= last.index + span; j++) look(j);
  if (!(varied && seen.size === keys.size)) {
    seen.clear();
    varied = false;
    for (let j = first.index - 1; j >= 0 && j >= first.index - span; j--) look(j);
  }
  return varied && seen.size === keys.size;
}
