/**
 * optimum-benchmark's report JSON (`benchmark_report.json`, or `benchmark.json` with `config` and
 * `report`) → one run:
 *   `"prefill": {"memory": {…}, "latency": {"unit": "s", "values": […], "count": 10, "mean": …,
 *    "p50": …, "p90": …, "stdev": …}, "throughput": {"unit": "tokens/s", "value": 1962.2}}`,
 *   `"decode": {…}`, `"per_token": {…}`, `"load_model": {"latency": …}`.
 * Settings from the config's scenario (`input_shapes.batch_size` → client.concurrency,
 * `sequence_length` → client.input_len, `generate_kwargs.max_new_tokens` → client.output_len) and
 * backend (`model` → model, `name` kept in raw). Memory and energy stay in raw, as written.
 */
import { jsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import { lastPathPart } from '../../exports/model-path';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { jsonObjectAt } from '../json-block';
import { addLatency, addThroughput } from './optimum-metrics';

type Obj = Record<string, unknown>;

const TARGETS = ['load_model', 'load', 'prefill', 'decode', 'per_token', 'forward', 'generate', 'call'];

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The report part: the object itself, or its `report`. */
export function reportOf(o: Obj): Obj | undefined {
  const r = jsonObject(o.report) ?? o;
  const hasTarget = TARGETS.some((t) => {
    const s = jsonObject(r[t]);
    return s !== undefined && (jsonObject(s.latency) !== undefined || jsonObject(s.throughput) !== undefined);
  });
  return hasTarget ? r : undefined;
}

function readTarget(run: PartialRun, target: string, s: Obj): void {
  const lat = jsonObject(s.latency);
  if (lat && (lat.unit === undefined || lat.unit === 's')) {
    for (const stat of ['mean', 'p50', 'p90', 'p95', 'p99', 'stdev']) {
      const v = num(lat[stat]);
      if (v !== undefined) addLatency(run, target, stat, v);
    }
    const count = num(lat.count);
    if (count !== undefined) setOwn(run.raw, `${target}.latency.count`, String(count));
  }
  const thr = jsonObject(s.throughput);
  const value = num(thr?.value);
  if (thr && value !== undefined && typeof thr.unit === 'string') addThroughput(run, target, value, thr.unit);
  for (const part of ['memory', 'energy', 'efficiency']) {
    const p = jsonObject(s[part]);
    if (!p) continue;
    for (const [k, v] of Object.entries(p))
      if (typeof v === 'number' || typeof v === 'string') setOwn(run.raw, `${target}.${part}.${k}`, String(v));
  }
}

function applyConfig(run: PartialRun, config: Obj | undefined): void {
  const scenario = jsonObject(config?.scenario);
  const shapes = jsonObject(scenario?.input_shapes);
  const gen = jsonObject(scenario?.generate_kwargs);
  const batch = num(shapes?.batch_size);
  const seq = num(shapes?.sequence_length);
  const newTokens = num(gen?.max_new_tokens) ?? num(gen?.min_new_tokens);
  if (batch !== undefined) (run.client ??= {}).concurrency = batch;
  if (seq !== undefined) (run.client ??= {}).input_len = seq;
  if (newTokens !== undefined) (run.client ??= {}).output_len = newTokens;
  if (batch !== undefined) run.provenance['client.concurrency'] = 'optimum-benchmark scenario input_shapes.batch_size';
  const backend = jsonObject(config?.backend);
  if (typeof backend?.model === 'string' && backend.model !== '') {
    run.model = lastPathPart(backend.model);
    (run.client ??= {}).model_path = backend.model;
    run.provenance.model = 'optimum-benchmark backend.model';
  }
  if (typeof backend?.name === 'string') setOwn(run.raw, 'backend', backend.name);
  if (typeof config?.name === 'string') run.title = `optimum-benchmark ${config.name}`;
}

export function optimumReportRun(o: Obj, line: number): PartialRun | undefined {
  const report = reportOf(o);
  if (!report) return undefined;
  const run = partialRun('optimum-benchmark-json', line, 'optimum-benchmark report');
  for (const t of TARGETS) {
    const s = jsonObject(report[t]);
    if (s) readTarget(run, t, s);
  }
  applyConfig(run, jsonObject(o.config));
  return Object.keys(run.metrics).length > 0 ? orderRun(run) : undefined;
}

/** How far below a lone `{` a report's first target or `config` is looked for. */
const KEY_REACH = 3;
const FIRST_KEY = /^\s*"(?:config|report|load_model|load|prefill|decode|per_token|forward)"\s*:\s*\{/;

function readOptimumJson(lines: readonly string[], start: number): BlockResult {
  const block = jsonObjectAt(lines, start);
  const o = jsonObject(block?.value);
  const run = o ? optimumReportRun(o, start) : undefined;
  if (!block || !run) return emptyResult(start + 1);
  return { next: block.next, runs: [run], env: [], samples: [], diagnostics: [] };
}

export const optimumJsonReader: BlockReader = {
  name: 'optimum-benchmark-json',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || !line.includes('{')) return false;
    const t = line.trim();
    // One line: a compact report.
    if (t.startsWith('{"') && (t.includes('"per_token"') || t.includes('"prefill"'))) return true;
    if (t !== '{') return false;
    for (let k = i + 1; k <= i + KEY_REACH && k < lines.length; k++) if (FIRST_KEY.test(lines[k] ?? '')) return true;
    return false;
  },
  read: guardedRead('optimum-benchmark report', readOptimumJson),
};
