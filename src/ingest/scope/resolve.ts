/**
 * Turns what a block reader saw (a PartialRun) plus the scope around it into a RunRecord,
 * applying docs/architecture.md's precedence rules:
 *  - engine: launch command > table title (or the block's own format) > separator or
 *    heading in scope > URL port (last resort, stress-script tables only, said so in provenance);
 *  - api: a heading in scope saying native/openai > URL path (`/generate`, `/v1/…`);
 *  - mode: whole-label separators/headings only;
 *  - model: the table's Model row > launch command's model path > preamble `Model:`;
 *  - parallelism: launch command (unset tp/dp/pp are the engine default 1, said so) > for
 *    runs in the same section as an nvidia-smi dump, its busy GPUs > absent;
 *  - hardware: the latest nvidia-smi dump anywhere earlier in the file;
 *  - duration: the table's `Total Test Duration` > `Test completed in` (both kept in raw);
 *  - last, for a run with no launch command in force: what the server it talked to says
 *    (servers.ts), only where nothing above gave a value.
 */

import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { inKeyOrder } from '../../model/key-order';
import type { ClientSettings, Engine, Parallelism, RunRecord, ServerSettings } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { type LaunchCommand, modelName, strategyOf } from '../launch-command';
import { dropNoRateLimit } from '../no-rate-limit';
import type { PartialRun } from '../types';
import * as stated from './apply-settings';
import { anyClient } from './client-choice';
import { busyGpusCached, envTexts, hardwareOfEnvCached } from './dump-hardware';
import { apiOfHeading, apiOfUrl, engineOfUrlPort } from './labels';
import { assignOwn, copyOwn, hasKeys } from './plain-copy';
import { launchTexts, namedEngine, type ScopeAnswers, scopeAnswers } from './scope-answers';
import { applyServers } from './servers';
import { conflict } from './settings-scope';
import { currentSectionId, type ScopedLaunch, type ScopeState } from './state';

export { canonicalOrder } from '../../model/key-order';
export { busyGpus, hardwareOfEnv } from './dump-hardware';

// Local aliases: called per run; one property lookup at load instead of one per call.
const { applyClientCommand, applyStated } = stated;

/** One run being resolved: what its reader saw, the scope around it, and where it is reported. */
interface Resolving {
  p: PartialRun;
  s: ScopeState;
  /** The scope's answers, looked up once: the scope does not change while a run is resolved. */
  scope: ScopeAnswers;
  run: RunRecord;
  file: string;
  /** 1-based line of the run (diagnostics point at it). */
  line: number;
  diagnostics: Diagnostic[];
}

/** Builds the RunRecord. Consumes one-shot scope items (pending `Test completed in`, warm-up, preamble). */
export function resolveRun(p: PartialRun, s: ScopeState, file: string, diagnostics: Diagnostic[]): RunRecord {
  const launch = s.launch;
  if (!launch || !foreignLaunch(p.format, launch.launch.engine)) return ownEngine(resolveInScope(p, s, file, diagnostics), p, diagnostics);
  // Another engine's server: not this run's (a llama-bench table after a `vllm serve`).
  s.launch = undefined;
  try {
    return ownEngine(resolveInScope(p, s, file, diagnostics), p, diagnostics);
  } finally {
    s.launch = launch;
  }
}

/** A run of a tool that runs its own engine keeps no other engine the scope named (a `## vLLM` heading above a llama-bench table). */
function ownEngine(run: RunRecord, p: PartialRun, diagnostics: Diagnostic[]): RunRecord {
  if (p.engine !== undefined || run.engine === undefined || !foreignLaunch(p.format, run.engine)) return run;
  const own = OWN_ENGINE[p.format];
  diagnostics.push({
    severity: 'info',
    code: 'context-missing',
    message: `engine ${run.engine} (${run.provenance.engine ?? 'scope'}) is not the engine a ${p.format} run uses: ${own === 'other' ? 'left absent' : `${own} kept`}`,
    file: run.source.file,
    line: run.source.line,
  });
  if (own === 'other' || own === undefined) {
    run.engine = undefined;
    delete run.provenance.engine;
  } else {
    run.engine = own;
    run.provenance.engine = `${p.format} runs ${own}`;
  }
  return inKeyOrder(run);
}

/**
 * Tools that run their own engine in-process (llama.cpp's benches, ollama, mlx_lm, optimum,
 * trtllm-bench, lmdeploy's scripts, sglang.bench_one_batch): with the engine each runs, or
 * `other` for engines outside ENGINES. A launch command of another engine is not their server.
 */
const OWN_ENGINE: Readonly<Record<string, Engine | 'other'>> = {
  ollama: 'other',
  'ollama-json': 'other',
  'llama-bench': 'other',
  'llama-batched-bench': 'other',
  'llama-cpp-log': 'other',
  'mlx-lm': 'other',
  'optimum-benchmark': 'other',
  'optimum-benchmark-json': 'other',
  'trtllm-bench': 'trtllm',
  lmdeploy: 'lmdeploy',
  'sglang-one-batch': 'sglang',
};

function foreignLaunch(format: string, engine: Engine): boolean {
  const own = Object.hasOwn(OWN_ENGINE, format) ? OWN_ENGINE[format] : undefined;
  return own !== undefined && own !== engine;
}

function resolveInScope(p: PartialRun, s: ScopeState, file: string, diagnostics: Diagnostic[]): RunRecord {
  const line = p.startLine + 1;
  const scope = scopeAnswers(s);
  const r: Resolving = { p, s, scope, run: runShape(p, scope, file, line), file, line, diagnostics };
  // In this order: later steps read what earlier ones set (the merged client, the engine),
  // and provenance lists its keys in the order the steps write them.
  resolveEngine(r);
  resolveClient(r);
  engineFromUrlPort(r);
  resolveApi(r);
  resolveMode(r);
  resolveServer(r);
  resolveModel(r);
  resolveHardware(r);
  resolveParallelism(r);
  takeCompletedIn(r);
  takeWarmupComment(r);
  applyStated(r.run, s, diagnostics);
  // Last: it fills only what nothing above gave.
  applyServers(r.run, s, diagnostics);
  return inKeyOrder(r.run);
}

/**
 * The record with every key there from the start (optional ones undefined, dropped by
 * inKeyOrder): the steps then change fields of one object shape instead of adding properties
 * in an order that varies from run to run.
 */
function runShape(p: PartialRun, scope: ScopeAnswers, file: string, line: number): RunRecord {
  return {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, line, p.row, p.variant),
    source: p.row !== undefined ? { file, line, row: p.row, format: p.format } : { file, line, format: p.format },
    title: p.title,
    timestamp: p.timestamp,
    labels: scope.labels.slice(),
    engine: undefined,
    api: undefined,
    mode: undefined,
    model: undefined,
    hardware: undefined,
    parallelism: undefined,
    server: undefined,
    client: undefined,
    // The reader's objects are ours now (built with setOwn): used as they are, not copied.
    metrics: p.metrics,
    raw: p.raw,
    provenance: copyOwn(p.provenance),
    flags: [...p.flags],
  };
}

/** Engine: the launch command, else the result block's own, else a separator or heading in scope. */
function resolveEngine({ p, s, scope, run, file, line, diagnostics }: Resolving): void {
  const launch = s.launch;
  const blockEngine = p.engine;
  if (launch) {
    run.engine = launch.launch.engine;
    run.provenance.engine = launchTexts(launch).at;
    if (blockEngine && blockEngine !== run.engine)
      conflict(
        diagnostics,
        file,
        line,
        'engine',
        `${run.engine} (launch command at line ${launch.line})`,
        `${blockEngine} from ${p.provenance.engine ?? 'the result block'}`,
      );
  } else if (blockEngine) {
    run.engine = blockEngine;
    run.provenance.engine = p.provenance.engine ?? `result block (${p.format})`;
  } else {
    const named = namedEngine(s, scope);
    if (named) {
      run.engine = named.value;
      run.provenance.engine = named.from;
    }
  }
}

/** Client: the table's own settings, then the stress script's preamble and shell flags. */
function resolveClient({ p, s, run, file, line, diagnostics }: Resolving): void {
  let client = p.client ? copyOwn(p.client) : undefined;
  const pre = s.preamble;
  if (pre) {
    const fromPreamble: ClientSettings = copyOwn(pre.client);
    if (pre.command !== undefined) fromPreamble.command = pre.command;
    client = mergeClient(client, fromPreamble, `stress script preamble at line ${pre.line}`, run, diagnostics, file, line);
    s.preamble = undefined;
  }
  if (client) run.client = client;
  if (anyClient(s)) applyClientCommand(run, s, diagnostics);
  dropNoRateLimit(run);
}

/** `client.<key>` provenance keys, built once per key rather than once per run. */
const CLIENT_KEYS = new Map<string, string>();
function clientKey(k: string): string {
  let key = CLIENT_KEYS.get(k);
  if (key === undefined) {
    key = `client.${k}`;
    if (CLIENT_KEYS.size < 256) CLIENT_KEYS.set(k, key);
  }
  return key;
}

/** `base` with what `lower` adds (said so in provenance); a different value is a conflict, `base` kept. */
function mergeClient(
  base: ClientSettings | undefined,
  lower: ClientSettings | undefined,
  source: string,
  run: { provenance: Record<string, string> },
  diagnostics: Diagnostic[],
  file: string,
  line: number,
): ClientSettings | undefined {
  if (!lower) return base;
  const out: ClientSettings = copyOwn(base);
  const from = lower as Record<string, string | number | undefined>;
  for (const key in from) {
    // for…in over own keys visits them in Object.entries' order, without the pair arrays.
    if (!Object.hasOwn(from, key)) continue;
    const k = key as keyof ClientSettings;
    const v = from[key];
    if (v === undefined) continue;
    const have = out[k];
    if (have === undefined) {
      (out as Record<string, string | number>)[k] = v;
      run.provenance[clientKey(k)] = source;
    } else if (have !== v && k !== 'prompt' && k !== 'command') {
      conflict(diagnostics, file, line, `client.${k}`, `${have} (table)`, `${v} from ${source}`);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The URL's port is the weakest hint, used only for the users' stress-script tables (a script
 * written for vLLM/SGLang); a third-party tool at :8000 may be talking to NIM or TGI.
 */
function engineFromUrlPort({ p, run }: Resolving): void {
  const url = run.client?.url;
  if (run.engine || !url || !/Stress Test Results/i.test(p.title ?? '')) return;
  const e = engineOfUrlPort(url);
  if (!e) return;
  run.engine = e;
  run.provenance.engine = `URL port (${e === 'sglang' ? "30000 is SGLang's default" : "8000 is vLLM's default"}); nothing better in scope`;
}

/** API kind: a heading in scope that says native/openai, else the URL's path, else the block's own. */
function resolveApi({ p, scope, run }: Resolving): void {
  const apiHeading = scope.apiHeading;
  const url = run.client?.url;
  const urlApi = url ? apiOfUrl(url) : undefined;
  if (apiHeading) {
    run.api = apiOfHeading(apiHeading.text);
    run.provenance.api = `heading "${apiHeading.text}" at line ${apiHeading.line}`;
  } else if (urlApi) {
    run.api = urlApi;
    run.provenance.api = `URL path (${url})`;
  } else if (p.api) {
    run.api = p.api;
  }
}

/** Mode: a whole-label separator or heading in scope, else the block's own. */
function resolveMode({ p, scope, run }: Resolving): void {
  const mode = scope.mode;
  if (mode) {
    run.mode = mode.value;
    run.provenance.mode = mode.from;
  } else if (p.mode) run.mode = p.mode;
}

/** Server settings: the block's own, and what the launch command in scope says. */
function resolveServer({ p, s, run }: Resolving): void {
  const server: ServerSettings = copyOwn(p.server);
  const launch = s.launch?.launch;
  if (launch) {
    server.command = launch.command;
    if (launch.contextLength !== undefined) server.context_length = launch.contextLength;
    if (launch.modelPath !== undefined) server.model_path = launch.modelPath;
    if (hasKeys(launch.flags)) server.flags = { ...launch.flags };
  }
  if (hasKeys(server)) run.server = server;
}

/** Model: the block's, else the table's model path, else the launch command's, else the client settings'. */
function resolveModel({ p, s, run, file, line, diagnostics }: Resolving): void {
  const launch = s.launch;
  const tableModel = p.client?.model_path;
  const clientModel = run.client?.model_path;
  if (p.model !== undefined) run.model = p.model;
  else if (tableModel !== undefined && modelName(tableModel)) {
    run.model = modelName(tableModel);
  } else if (launch?.launch.model) {
    run.model = launch.launch.model;
    run.provenance.model = launchTexts(launch).at;
  } else if (clientModel && modelName(clientModel)) {
    run.model = modelName(clientModel);
    run.provenance.model = run.provenance['client.model_path'] ?? 'client settings';
  }
  if (run.model && launch?.launch.model && run.model !== launch.launch.model) {
    conflict(
      diagnostics,
      file,
      line,
      'model',
      `${run.model} (result)`,
      `${launch.launch.model} from the launch command at line ${launch.line}`,
    );
  }
}

/** Hardware: the latest nvidia-smi dump anywhere earlier in the file, over the block's own. */
function resolveHardware({ p, s, run }: Resolving): void {
  if (s.env) {
    const { hw, keys } = hardwareOfEnvCached(s.env.env);
    if (keys > 0) {
      run.hardware = assignOwn(copyOwn(p.hardware), hw);
      run.provenance.hardware = envTexts(s.env.env).hardware(s.env.sectionId === currentSectionId(s));
    }
  } else if (p.hardware) run.hardware = copyOwn(p.hardware);
}

/** Parallelism: the launch command, else (same section only) the GPUs a dump shows busy, over the block's own. */
function resolveParallelism({ p, s, run }: Resolving): void {
  const par: Parallelism = copyOwn(p.parallelism);
  if (s.launch) parallelismOfLaunch(par, s.launch, run.provenance);
  else if (par.gpus === undefined && s.env && s.env.sectionId === currentSectionId(s)) {
    const busy = busyGpusCached(s.env.env);
    if (busy > 0) {
      par.gpus = busy;
      run.provenance['parallelism.gpus'] =
        `nvidia-smi at line ${s.env.env.source.line}: ${busy} GPU(s) hold a server process or more than half their memory (same section)`;
    }
  }
  if (hasKeys(par)) run.parallelism = par;
}

/** Constant keys (a key built per run has to be looked up in V8's string table on every store). */
const PARALLELISM_KEY: Record<string, string> = { tp: 'parallelism.tp', dp: 'parallelism.dp', pp: 'parallelism.pp' };

/** tp × dp × pp of the launch command; a degree it does not set is the engine default 1, said so. */
function parallelismOfLaunch(par: Parallelism, launch: ScopedLaunch, provenance: Record<string, string>): void {
  const l: LaunchCommand = launch.launch;
  const defaults = (['tp', 'dp', 'pp'] as const).filter((k) => l[k] === undefined);
  const tp = l.tp ?? 1;
  const dp = l.dp ?? 1;
  const pp = l.pp ?? 1;
  par.tp = tp;
  par.dp = dp;
  par.pp = pp;
  par.gpus = tp * dp * pp;
  par.strategy = strategyOf(tp, dp, pp);
  const texts = launchTexts(launch);
  provenance['parallelism.gpus'] = texts.at;
  for (const d of defaults) provenance[PARALLELISM_KEY[d] ?? `parallelism.${d}`] = texts.engineDefault;
}

/** Duration: the table's own wins; a pending `Test completed in` fills in and is kept in raw. */
function takeCompletedIn({ s, run }: Resolving): void {
  const completed = s.completed;
  if (!completed) return;
  setOwn(run.raw, 'Test completed in', completed.text);
  if (run.metrics.duration_s === undefined && completed.seconds !== undefined) {
    setOwn(run.metrics, 'duration_s', completed.seconds);
    run.provenance['metrics.duration_s'] = `"Test completed in" at line ${completed.line}`;
  }
  s.completed = undefined;
}

/** Warm-up: a comment in scope flags the first run after it. */
function takeWarmupComment({ s, run }: Resolving): void {
  const warmup = s.warmup;
  if (!warmup) return;
  if (!run.flags.includes('warmup-suspect')) run.flags.push('warmup-suspect');
  run.provenance.flags = `warmup-suspect: comment "${warmup.text}" at line ${warmup.line}`;
  s.warmup = undefined;
}
