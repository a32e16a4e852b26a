/**
 * optimum-benchmark's log lines → one run per block of consecutive measure lines:
 *   `[PROC-0][2024-05-02 10:11:12,345][inference][INFO] - 	+ prefill latency: 0.013102 (s)`,
 *   `… - 	+ decode throughput: 612.04 (tokens/s)`, `… - 		+ prefill.latency.mean: 0.0131 (s)`,
 * and the nested form its trackers print: `+ prefill:` / `+ latency:` headings, then
 * `+ mean: 0.013102 (s)`, `+ p90: …`, `+ throughput: 1954.32 (tokens/s)`.
 * The logger prefix (`[PROC-0]…[INFO] - `) is optional; a `+ ` mark starts each measure.
 */
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import { lastPathPart } from '../../exports/model-path';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { addLatency, addThroughput, normalTarget, secondsOf } from './optimum-metrics';

/** `[…][…] - ` logger prefix, then `+ label: value (unit)` or a `+ label:` heading. */
const LINE = /^(?:.*?\]\s*-\s*)?\s*\+\s*([A-Za-z_][\w .]*?)\s*:\s*(?:([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?:\s*\(([^)]*)\))?)?\s*$/;
const TARGETS = new Set(['prefill', 'decode', 'per_token', 'load', 'forward', 'generate', 'call']);
const STATS = new Set(['mean', 'p50', 'p90', 'p95', 'p99', 'stdev']);

interface State {
  target?: string;
  measure?: string;
}

/** One measure line's meaning, with the headings above it. */
function apply(run: PartialRun, st: State, label: string, value: number, unit: string): void {
  const words = label
    .toLowerCase()
    .split(/[\s.]+/)
    .filter((w) => w !== '');
  let target = st.target;
  let measure = st.measure;
  let stat = 'mean';
  for (const w of words) {
    const t = normalTarget(w);
    if (TARGETS.has(t)) target = t;
    else if (w === 'latency' || w === 'throughput') measure = w;
    else if (STATS.has(w)) stat = w;
    else if (w === 'count' || w === 'total' || w === 'stdev_') stat = w;
  }
  if (target !== undefined && (words.includes('throughput') || measure === 'throughput' || /\/s$/.test(unit))) {
    addThroughput(run, target, value, unit);
    return;
  }
  const seconds = secondsOf(value, unit);
  if (target !== undefined && measure !== 'memory' && seconds !== undefined && STATS.has(stat)) addLatency(run, target, stat, seconds);
}

function readOptimumLog(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('optimum-benchmark', start, 'optimum-benchmark');
  const st: State = {};
  let j = start;
  for (; j < lines.length; j++) {
    const m = LINE.exec(lines[j] ?? '');
    if (!m) break;
    const label = (m[1] ?? '').trim();
    if (m[2] === undefined) {
      // A heading: a target (`prefill`) or a measure (`latency`, `memory`).
      const t = normalTarget(label);
      if (TARGETS.has(t)) st.target = t;
      else st.measure = label.toLowerCase();
      continue;
    }
    setOwn(
      run.raw,
      st.target && !label.includes(st.target) ? `${st.target} ${st.measure ?? ''} ${label}`.replace(/\s+/g, ' ') : label,
      `${m[2]} (${m[3] ?? ''})`,
    );
    apply(run, st, label, Number(m[2]), m[3] ?? '');
  }
  if (Object.keys(run.metrics).length === 0) return emptyResult(Math.max(j, start + 1));
  modelAbove(run, lines, start);
  return { next: j, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** How far above the measures the command's `backend.model=` override is looked for. */
const MODEL_REACH = 300;
const MODEL_OVERRIDE = /\bbackend\.model=(?:"([^"]+)"|'([^']+)'|(\S+))/;

/** The model of `optimum-benchmark … backend.model=org/name` above the block. */
function modelAbove(run: PartialRun, lines: readonly string[], start: number): void {
  for (let k = start - 1; k >= 0 && k >= start - MODEL_REACH; k--) {
    const line = lines[k] ?? '';
    if (!line.includes('backend.model=')) continue;
    const m = MODEL_OVERRIDE.exec(line);
    const model = m?.[1] ?? m?.[2] ?? m?.[3];
    if (!model) continue;
    run.model = lastPathPart(model);
    (run.client ??= {}).model_path = model;
    run.provenance.model = `optimum-benchmark backend.model at line ${k + 1}`;
    return;
  }
}

/** A measure line naming a target, or a target heading: where a block starts. */
const START = /\+\s*(?:prefill|decode|per[_ ]token|load(?:_model)?|forward|generate)\b/i;

export const optimumLogReader: BlockReader = {
  name: 'optimum-benchmark',
  startsAt(lines, i) {
    const line = lines[i];
    return line?.includes('+') === true && START.test(line) && LINE.test(line);
  },
  read: guardedRead('optimum-benchmark log', readOptimumLog),
};
