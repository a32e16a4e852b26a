/**
 * An llm-d-benchmark "benchmark report" v0.2 (JSON) → one run: the inference engine component
 * (engine, model, accelerator, parallelism, native args/config), the load (standardized, or
 * benchbook's `load-generator` component), the aggregate request performance, run time and ids.
 * Time series, observability and profiling have no place in a RunRecord: an info says so.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { isJsonObject } from '../../../model/json-object';
import { type ClientSettings, ENGINES, type Engine, type Metrics, type Parallelism, type ServerSettings } from '../../../model/records';
import { partialRun } from '../../blocks/common';
import { lastPathPart } from '../../exports/model-path';
import { strategyOf } from '../../launch-command';
import type { PartialRun } from '../../types';
import { metricsOf, STAT_PLACES } from './statistics';
import { LOAD_GENERATOR_LABEL, UNKNOWN_VERSION } from './to-llm-d-report';
import { reportProblems } from './validate-report';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (isJsonObject(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** The engines an llm-d report's `tool` can name; anything else is `other`. */
const NAMED_ENGINES: readonly Engine[] = ENGINES.filter((e) => e !== 'other');

/** A JSON document with `version` "0.2", a `run` and `results.request_performance`. */
export function looksLikeLlmdReport(o: Json): boolean {
  return o.version === '0.2' && isJsonObject(o.run) && isJsonObject(o.results) && isJsonObject(o.results.request_performance);
}

export interface LlmdContext {
  file: string;
  /** 1-based line of the report. */
  line: number;
  diagnostics: Diagnostic[];
}

function components(report: Json): Json[] {
  const stack = obj(report.scenario).stack;
  return Array.isArray(stack) ? stack.filter(isJsonObject) : [];
}

const kindOf = (c: Json): string | undefined => str(obj(c.metadata).kind);
const labelOf = (c: Json): string | undefined => str(obj(c.metadata).label);

/** The serving engines: the `inference_engine`s, else a generic one that names an engine, model, GPU or command. */
function engineComponents(stack: Json[]): Json[] {
  const engines = stack.filter((c) => kindOf(c) === 'inference_engine');
  if (engines.length) return engines;
  const generic = stack.find((c) => {
    const s = obj(c.standardized);
    const named = NAMED_ENGINES.includes(s.tool as Engine) || 'model' in s || 'accelerator' in s || 'command' in obj(obj(c.native).config);
    return kindOf(c) === 'generic' && labelOf(c) !== LOAD_GENERATOR_LABEL && named;
  });
  return generic ? [generic] : [];
}

/** Launch flags as benchbook keeps them: a flag without value (`null`) is `true`, structures as JSON. */
function flagsOf(args: unknown): ServerSettings['flags'] {
  if (!isJsonObject(args)) return undefined;
  const flags: NonNullable<ServerSettings['flags']> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === null) flags[k] = true;
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') flags[k] = v;
    else flags[k] = JSON.stringify(v);
  }
  return Object.keys(flags).length ? flags : undefined;
}

function serverOf(c: Json, version: string | undefined): ServerSettings | undefined {
  const config = obj(obj(c.native).config);
  const server: ServerSettings = {};
  const command = str(config.command);
  const context = num(config.context_length);
  const modelPath = str(config.model_path);
  const flags = flagsOf(obj(c.native).args);
  if (command) server.command = command;
  if (context !== undefined) server.context_length = context;
  if (modelPath) server.model_path = modelPath;
  if (version) server.version = version;
  if (flags) server.flags = flags;
  return Object.keys(server).length ? server : undefined;
}

function readEngine(run: PartialRun, stack: Json[], ctx: LlmdContext): void {
  const [c, ...more] = engineComponents(stack);
  if (!c) return;
  if (more.length)
    ctx.diagnostics.push(info(ctx, `${more.length + 1} inference engine components: the first (${labelOf(c) ?? 'no label'}) is read`));
  const s = obj(c.standardized);
  const tool = str(s.tool);
  if (tool && tool !== 'unknown')
    run.engine = NAMED_ENGINES.includes(tool.toLowerCase() as Engine) ? (tool.toLowerCase() as Engine) : 'other';
  if (tool) run.raw['stack.engine.tool'] = tool;
  if (typeof s.role === 'string') run.raw['stack.engine.role'] = s.role;
  const version = str(s.tool_version);
  const name = str(obj(s.model).name);
  if (name) run.model = lastPathPart(name);
  const server = serverOf(c, version === UNKNOWN_VERSION ? undefined : version);
  if (name && name !== run.model && !server?.model_path) run.server = { ...server, model_path: name };
  else if (server) run.server = server;
  const acc = obj(s.accelerator);
  const gpu = str(acc.model);
  if (gpu) run.hardware = { gpu };
  const p = obj(acc.parallelism);
  const par = { tp: num(p.tp), dp: num(p.dp), pp: num(p.pp), gpus: num(acc.count) };
  const parallelism: Parallelism = Object.fromEntries(Object.entries(par).filter(([, v]) => v !== undefined));
  if (par.tp !== undefined && par.dp !== undefined && par.pp !== undefined) parallelism.strategy = strategyOf(par.tp, par.dp, par.pp);
  if (Object.keys(parallelism).length) run.parallelism = parallelism;
  if (num(p.ep) !== undefined) run.raw['stack.engine.parallelism.ep'] = String(p.ep);
}

const CLIENT_STRINGS = ['url', 'model_path', 'dataset', 'command', 'prompt'] as const;
const CLIENT_NUMBERS = ['concurrency', 'total_requests', 'max_tokens', 'temperature', 'request_rate', 'input_len', 'output_len'] as const;

/** Client settings: the standardized load wins over the same keys in its native config. */
function readLoad(run: PartialRun, report: Json, stack: Json[]): void {
  const load = isJsonObject(obj(report.scenario).load)
    ? obj(obj(report.scenario).load)
    : stack.find((c) => kindOf(c) === 'generic' && labelOf(c) === LOAD_GENERATOR_LABEL);
  if (!load) return;
  const config = obj(obj(load.native).config);
  const client: ClientSettings = {};
  for (const k of CLIENT_STRINGS) if (str(config[k])) client[k] = str(config[k]);
  for (const k of CLIENT_NUMBERS) if (num(config[k]) !== undefined) client[k] = num(config[k]);
  const s = obj(load.standardized);
  const settings = {
    concurrency: num(s.concurrency),
    request_rate: num(s.rate_qps),
    input_len: num(obj(s.input_seq_len).value),
    output_len: num(obj(s.output_seq_len).value),
  };
  for (const [k, v] of Object.entries(settings)) if (v !== undefined) client[k as keyof typeof settings] = v;
  if (s.source === 'random' && !client.dataset) client.dataset = 'random';
  if (str(s.tool)) run.raw['load.tool'] = String(s.tool);
  if (Object.keys(client).length) run.client = client;
}

function readAggregate(report: Json, ctx: LlmdContext): Metrics {
  const aggregate = obj(obj(obj(report.results).request_performance).aggregate);
  const metrics: Metrics = {};
  const requests = obj(aggregate.requests);
  const total = num(requests.total);
  const failures = num(requests.failures);
  if (failures !== undefined) metrics.requests_failed_count = failures;
  if (total !== undefined && failures !== undefined) metrics.requests_ok_count = total - failures;
  else if (total !== undefined) metrics.requests_total_count = total;
  if (num(requests.incomplete) !== undefined) metrics.requests_incomplete_count = num(requests.incomplete) as number;
  for (const place of STAT_PLACES) {
    const stats = obj(aggregate[place.group])[place.field];
    if (!isJsonObject(stats)) continue;
    const got = metricsOf(place, stats);
    if (got.problem) ctx.diagnostics.push({ ...info(ctx, got.problem), severity: 'warning', code: 'cell-unparsed' });
    Object.assign(metrics, got.metrics);
  }
  return metrics;
}

/** ISO 8601 duration (`PT49.97S`, `PT1H2M3S`) → seconds. */
function durationSeconds(text: string | undefined): number | undefined {
  const m = text?.match(/^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/);
  if (!m || (!m[1] && !m[2] && !m[3])) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function info(ctx: LlmdContext, message: string): Diagnostic {
  return { severity: 'info', code: 'prose-skipped', message, file: ctx.file, line: ctx.line };
}

function readRunDetails(run: PartialRun, report: Json): void {
  const r = obj(report.run);
  for (const k of ['uid', 'eid', 'cid', 'pid', 'user']) if (str(r[k])) run.raw[`run.${k}`] = String(r[k]);
  const time = obj(r.time);
  const start = str(time.start);
  if (start) run.timestamp = start;
  if (str(time.end)) run.raw['run.time.end'] = String(time.end);
  const duration = durationSeconds(str(time.duration));
  if (duration !== undefined) run.metrics.duration_s = duration;
  if (str(time.duration)) run.raw['run.time.duration'] = String(time.duration);
}

/** The run of one report; a report the schema rejects is still read, with a warning naming why. */
export function llmdReportRun(report: Json, ctx: LlmdContext): PartialRun {
  const problems = reportProblems(report);
  if (problems.length)
    ctx.diagnostics.push({
      ...info(ctx, `not a valid benchmark report v0.2 (${problems.slice(0, 3).join('; ')}): read as far as it goes`),
      severity: 'warning',
      code: 'unknown-format',
    });
  const run = partialRun('llm-d', ctx.line - 1, 'llm-d benchmark report');
  const stack = components(report);
  readEngine(run, stack, ctx);
  readLoad(run, report, stack);
  run.metrics = readAggregate(report, ctx);
  readRunDetails(run, report);
  const results = obj(report.results);
  const skipped = ['time_series'].filter((k) => k in obj(results.request_performance));
  skipped.push(...['observability', 'profiling'].filter((k) => k in results));
  if (skipped.length) ctx.diagnostics.push(info(ctx, `benchmark report: ${skipped.join(', ')} not read (no place in a run record)`));
  return run;
}
