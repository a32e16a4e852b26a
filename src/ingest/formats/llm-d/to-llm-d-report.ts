/**
 * A RunRecord → an llm-d-benchmark "benchmark report" v0.2 (README.md beside this file says
 * what goes where and what has no field). Nothing is invented: a required field benchbook
 * does not know leaves its object out, except the tool versions, which the schema requires
 * and logs rarely print: they are written as `unknown` (read back as absent).
 */
import { createHash } from 'node:crypto';
import type { ClientSettings, RunRecord } from '../../../model/records';
import { STAT_PLACES, statisticsOf } from './statistics';

export const LLMD_VERSION = '0.2';
/** The tool version the schema requires when the log does not give it. */
export const UNKNOWN_VERSION = 'unknown';
/** Label of the stack component that holds the load settings when `scenario.load` cannot be written. */
export const LOAD_GENERATOR_LABEL = 'load-generator';

type Json = Record<string, unknown>;

/** What the schema's datetime takes (pydantic's ISO 8601, a zone optional). */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The component's configuration hash (the schema's `cfg_id`): md5 of its JSON, as llm-d's ids look. */
function cfgId(value: unknown): string {
  return createHash('md5').update(JSON.stringify(value)).digest('hex');
}

/** Keys with undefined values dropped, so that absent stays absent. */
function defined(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function nonEmpty(o: Json): Json | undefined {
  return Object.keys(o).length ? o : undefined;
}

function isoDuration(seconds: number | undefined): string | undefined {
  return seconds === undefined ? undefined : `PT${seconds}S`;
}

function parallelismOf(run: RunRecord): Json {
  const p = run.parallelism ?? {};
  return defined({ dp: p.dp, pp: p.pp, tp: p.tp });
}

/**
 * The serving engine: an `inference_engine` component when engine, model, GPU model and GPU
 * count are known (all required there), else a `generic` one with what is known.
 */
function engineComponent(run: RunRecord): Json | undefined {
  const { server } = run;
  if (!run.engine && !run.model && !server && !run.parallelism && !run.hardware?.gpu) return undefined;
  const native = defined({
    args: server?.flags,
    config: server ? defined({ ...server, flags: undefined, version: undefined }) : undefined,
  });
  const base = { tool: run.engine ?? 'unknown', tool_version: server?.version ?? UNKNOWN_VERSION };
  const gpus = run.parallelism?.gpus;
  const full = run.engine && run.model && run.hardware?.gpu && gpus !== undefined && gpus >= 1 && Number.isInteger(gpus);
  const standardized = full
    ? {
        ...base,
        role: 'replica',
        model: { name: run.model },
        accelerator: { model: run.hardware?.gpu, count: gpus, parallelism: parallelismOf(run) },
      }
    : defined({
        ...base,
        model: run.model ? { name: run.model } : undefined,
        accelerator: nonEmpty(defined({ model: run.hardware?.gpu, count: gpus, parallelism: nonEmpty(parallelismOf(run)) })),
      });
  const kind = full ? 'inference_engine' : 'generic';
  const label = `${run.engine ?? 'engine'}-0`;
  return { metadata: { kind, label, cfg_id: cfgId({ standardized, native }) }, standardized, native };
}

function sequenceLength(value: number | undefined): Json | undefined {
  return value !== undefined && value >= 1 ? { distribution: 'fixed', value } : undefined;
}

/** The client's dataset as the schema's token source: `random` or a named dataset (sampled). */
function loadSource(client: ClientSettings): string | undefined {
  if (!client.dataset) return undefined;
  return client.dataset.toLowerCase() === 'random' ? 'random' : 'sampled';
}

/** Client settings in the schema's standardized load form (the parts the schema has). */
function loadStandardized(run: RunRecord, client: ClientSettings): Json {
  const concurrency = client.concurrency !== undefined && Number.isInteger(client.concurrency) && client.concurrency >= 1;
  return defined({
    tool: run.source.format,
    tool_version: UNKNOWN_VERSION,
    source: loadSource(client),
    input_seq_len: sequenceLength(client.input_len),
    output_seq_len: sequenceLength(client.output_len),
    rate_qps: client.request_rate !== undefined && client.request_rate > 0 ? client.request_rate : undefined,
    concurrency: concurrency ? client.concurrency : undefined,
  });
}

/**
 * `scenario.load` when the schema's required source and input length are known; otherwise the
 * same settings as a `generic` stack component labelled `load-generator`, so they are kept.
 */
function loadParts(run: RunRecord): { load?: Json; component?: Json } {
  const client = run.client;
  if (!client) return {};
  const standardized = loadStandardized(run, client);
  const native = { config: client };
  if (standardized.source !== undefined && standardized.input_seq_len !== undefined)
    return { load: { metadata: { cfg_id: cfgId({ standardized, native }) }, standardized, native } };
  // A generic component takes any extra field: the known input length stays.
  const { source: _s, ...rest } = standardized;
  return {
    component: {
      metadata: { kind: 'generic', label: LOAD_GENERATOR_LABEL, cfg_id: cfgId({ rest, native }) },
      standardized: rest,
      native,
    },
  };
}

function requestsOf(run: RunRecord): Json | undefined {
  const ok = run.metrics.requests_ok_count;
  const failed = run.metrics.requests_failed_count;
  const lengths = defined({
    input_length: statisticsOf(STAT_PLACES[0] as (typeof STAT_PLACES)[0], run.metrics),
    output_length: statisticsOf(STAT_PLACES[1] as (typeof STAT_PLACES)[1], run.metrics),
  });
  // The schema's total is required: it is ok + failed, known only when both are.
  if (ok === undefined || failed === undefined) return undefined;
  return { total: ok + failed, failures: failed, ...lengths };
}

function aggregateOf(run: RunRecord): Json {
  const latency: Json = {};
  const throughput: Json = {};
  for (const place of STAT_PLACES) {
    if (place.group === 'requests') continue;
    const stats = statisticsOf(place, run.metrics);
    if (stats) (place.group === 'latency' ? latency : throughput)[place.field] = stats;
  }
  return defined({
    requests: requestsOf(run),
    latency: Object.keys(latency).length ? latency : undefined,
    throughput: Object.keys(throughput).length ? throughput : undefined,
  });
}

/** The report of one run (not yet validated: see validate-report.ts). */
export function toLlmdReport(run: RunRecord): Json {
  const engine = engineComponent(run);
  const { load, component } = loadParts(run);
  const stack = [engine, component].filter((c): c is Json => c !== undefined);
  // The schema's start is a datetime: a date alone or other text stays out rather than fail the report.
  const start = run.timestamp && ISO_DATETIME.test(run.timestamp) ? run.timestamp : undefined;
  const time = defined({ start, duration: isoDuration(run.metrics.duration_s) });
  const scenario = defined({ stack: stack.length ? stack : undefined, load });
  return defined({
    version: LLMD_VERSION,
    run: defined({ uid: run.id, time: Object.keys(time).length ? time : undefined }),
    scenario: Object.keys(scenario).length ? scenario : undefined,
    results: { request_performance: { aggregate: aggregateOf(run) } },
  });
}
