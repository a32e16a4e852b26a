/**
 * genai-perf `profile_export_genai_perf.json` and AIPerf `profile_export_aiperf.json`: one
 * object per metric, `{"unit": "ms", "avg": …, "p99": …, "min": …}`, plus the run's settings
 * under `input_config` (flat in genai-perf ≤ 0.0.12; nested — `perf_analyzer.stimulus.concurrency`,
 * `loadgen.concurrency`, `endpoint.model_names` — in later genai-perf and AIPerf).
 */
import { applyFactor, lookupLabel, normaliseStat, unknownMetricKey } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { lastPathPart } from '../../exports/model-path';
import type { PartialRun } from '../../types';

const STAT_KEYS = /^(avg|mean|min|max|std|p\d+(?:\.\d+)?|median)$/;
const STAT_IN_KEY = /_(min|max|mean|p50|p75|p90|p95|p99|p99_9|std)(_s|_ms)?$/;

function isStatsObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.entries(v).some(([k, x]) => STAT_KEYS.test(k) && typeof x === 'number');
}

export function looksLikeGenaiPerfExport(o: Record<string, unknown>): boolean {
  const known = ['time_to_first_token', 'request_latency', 'request_throughput', 'output_token_throughput', 'inter_token_latency'];
  return known.some((k) => isStatsObject(o[k]));
}

/** Depth-first search for the first value under `key` (settings move between versions). */
function findKey(o: unknown, key: string, depth = 0): { value: unknown; path: string } | undefined {
  if (o === null || typeof o !== 'object' || depth > 6) return undefined;
  if (Array.isArray(o)) return undefined;
  const rec = o as Record<string, unknown>;
  if (Object.hasOwn(rec, key) && rec[key] !== null && rec[key] !== undefined) return { value: rec[key], path: key };
  for (const [k, v] of Object.entries(rec)) {
    const found = findKey(v, key, depth + 1);
    if (found) return { value: found.value, path: `${k}.${found.path}` };
  }
  return undefined;
}

function firstNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (Array.isArray(v) && v.length === 1) return firstNumber(v[0]);
  return undefined;
}

export function genaiPerfRun(o: Record<string, unknown>, startLine: number, title: string): PartialRun {
  const run = partialRun('genai-perf-json', startLine, title);
  for (const [name, v] of Object.entries(o)) {
    if (!isStatsObject(v)) continue;
    const unit = typeof v.unit === 'string' ? v.unit : undefined;
    const label = name.replace(/_/g, ' ');
    for (const [statWord, x] of Object.entries(v)) {
      if (typeof x !== 'number' || !Number.isFinite(x) || !STAT_KEYS.test(statWord)) continue;
      setOwn(run.raw, `${name}.${statWord}`, `${x}${unit ? ` ${unit}` : ''}`);
      const stat = normaliseStat(statWord);
      const meaning = stat ? lookupLabel(label, unit !== undefined ? { unit, stat: statWord } : { stat: statWord }) : undefined;
      // Whole-run keys (throughput, counts) carry no stat: only the average is that key.
      if (meaning?.kind === 'metric' && (STAT_IN_KEY.test(meaning.key) || stat === 'mean')) {
        setOwn(run.metrics, meaning.key, applyFactor(x, meaning.factor));
        continue;
      }
      setOwn(run.metrics, unknownMetricKey(`${name} ${stat ?? statWord}`, unit), x);
    }
  }
  const cfg = o.input_config;
  if (cfg && typeof cfg === 'object') {
    const conc = findKey(cfg, 'concurrency');
    const c = firstNumber(conc?.value);
    if (c !== undefined && conc) {
      (run.client ??= {}).concurrency = c;
      run.provenance['client.concurrency'] = `input_config.${conc.path}`;
    }
    const rate = findKey(cfg, 'request_rate');
    const r = firstNumber(rate?.value);
    if (r !== undefined) (run.client ??= {}).request_rate = r;
    const model = findKey(cfg, 'model_names') ?? findKey(cfg, 'model');
    const m = Array.isArray(model?.value) ? model?.value[0] : model?.value;
    if (typeof m === 'string' && m !== '') {
      run.model = lastPathPart(m);
      (run.client ??= {}).model_path = m;
    }
    const url = findKey(cfg, 'url');
    const u = Array.isArray(url?.value) ? url?.value[0] : url?.value;
    if (typeof u === 'string' && u !== '') (run.client ??= {}).url = u;
    for (const key of ['output_tokens_mean', 'synthetic_input_tokens_mean', 'endpoint_type', 'service_kind', 'streaming']) {
      const found = findKey(cfg, key);
      if (found && (typeof found.value === 'string' || typeof found.value === 'number' || typeof found.value === 'boolean')) {
        setOwn(run.raw, `input_config.${found.path}`, String(found.value));
      }
    }
    const isl = firstNumber(findKey(cfg, 'synthetic_input_tokens_mean')?.value);
    if (isl !== undefined) (run.client ??= {}).input_len = isl;
    const osl = firstNumber(findKey(cfg, 'output_tokens_mean')?.value);
    if (osl !== undefined && osl >= 0) (run.client ??= {}).output_len = osl;
  }
  return run;
}
