/**
 * What optimum-benchmark's measures mean, for its JSON report and its log lines alike. Its
 * targets: `prefill` (the forward pass up to the first token: its latency is the batch's time to
 * first token), `decode` (the rest of the generation), `per_token` (between consecutive tokens:
 * the inter-token latency), `load_model`/`load` (the model's load), `forward`/`call`/`generate`
 * of older versions. A latency statistic is in seconds (`unit: "s"`); throughputs carry their unit.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import type { PartialRun } from '../../types';

/** Statistic names of a latency → the vocabulary's statistic words. */
const STAT: Readonly<Record<string, string>> = {
  mean: 'mean',
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  stdev: 'std',
  min: 'min',
  max: 'max',
};

/** target → its latency's metric stem and unit (ms keys for per-token quantities). */
const LATENCY: Readonly<Record<string, { stem: string; ms: boolean }>> = {
  prefill: { stem: 'ttft', ms: true },
  per_token: { stem: 'itl', ms: true },
  decode: { stem: 'decode_latency', ms: false },
  generate: { stem: 'latency', ms: false },
  forward: { stem: 'forward_latency', ms: false },
  call: { stem: 'latency', ms: false },
};

/** target → the key of its tokens/s throughput. */
const TOKEN_THROUGHPUT: Readonly<Record<string, string>> = { prefill: 'input_tps', decode: 'output_tps', generate: 'output_tps' };

export function normalTarget(name: string): string {
  const t = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (t === 'per_token' || t === 'pertoken') return 'per_token';
  if (t === 'load_model' || t === 'load') return 'load';
  return t;
}

/** One latency statistic of a target (`prefill`, `mean`, 0.0131 s) into the run. */
export function addLatency(run: PartialRun, target: string, stat: string, seconds: number): void {
  const t = normalTarget(target);
  const word = STAT[stat];
  if (word === undefined) return;
  if (t === 'load') {
    if (word === 'mean') setOwn(run.metrics, 'load_duration_s', seconds);
    return;
  }
  const l = LATENCY[t] ?? { stem: `${t}_latency`, ms: false };
  setOwn(run.metrics, `${l.stem}_${word}_${l.ms ? 'ms' : 's'}`, l.ms ? applyFactor(seconds, 1e3) : seconds);
}

/** A target's throughput with its unit (`tokens/s`, `samples/s`). */
export function addThroughput(run: PartialRun, target: string, value: number, unit: string): void {
  const t = normalTarget(target);
  const tokens = /^tokens?\/s/i.test(unit.trim());
  const key = tokens ? (TOKEN_THROUGHPUT[t] ?? `${t}_tps`) : `${t}_throughput_${unit.trim().replace(/\W+/g, '_').replace(/_+$/, '')}`;
  setOwn(run.metrics, key, value);
}

/** Seconds from a value in a latency unit (`s`, `ms`). */
export function secondsOf(value: number, unit: string): number | undefined {
  const u = unit.trim().toLowerCase();
  if (u === 's') return value;
  if (u === 'ms') return applyFactor(value, 1e-3);
  return undefined;
}
