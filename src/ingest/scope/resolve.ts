/**
 * Turns what a block reader saw (a PartialRun) plus the scope around it into a RunRecord,
 * applying design.md's precedence rules:
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
import type { ClientSettings, Engine, EnvRecord, Hardware, Mode, Parallelism, RunRecord, ServerSettings } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { modelName, strategyOf } from '../launch-command';
import type { PartialRun } from '../types';
import * as stated from './apply-settings';
import { anyClient } from './client-choice';
import { apiOfHeading, apiOfUrl, engineOfHeading, engineOfLabel, engineOfUrlPort, modeOfLabel } from './labels';
import { applyServers } from './servers';
import { conflict } from './settings-scope';
import { currentSectionId, type Heading, type ScopedLaunch, type ScopeState, segmentLabel } from './state';

// Local aliases: called per run; one property lookup at load instead of one per call.
const { applyClientCommand, applyStated } = stated;

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount || (c === bestCount && typeof v === 'number' && typeof best === 'number' && v > best)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** Hardware from a dump: the GPU model (the most common name), count and memory per GPU. */
export function hardwareOfEnv(env: EnvRecord): Hardware {
  const hw: Hardware = {};
  const names = env.gpus.map((g) => g.name).filter((n): n is string => !!n);
  const name = mostCommon(names);
  if (name) hw.gpu = name;
  if (env.gpus.length > 0) hw.gpu_count = env.gpus.length;
  const mem = mostCommon(env.gpus.map((g) => g.memory_total_mib).filter((n): n is number => n !== undefined));
  if (mem !== undefined) hw.gpu_memory_mib = mem;
  return hw;
}

/**
 * Every run after a dump asks for the same dump's hardware and busy GPUs: the last answers
 * are kept per dump object (records are not changed after they are emitted). Callers get
 * a fresh copy of the hardware each time.
 */
let lastHwEnv: EnvRecord | undefined;
let lastHwGpus: EnvRecord['gpus'] | undefined;
let lastHwGpuCount = 0;
let lastHw: Hardware = {};
let lastHwKeys = 0;
let lastBusy = 0;

/** Whether the cached answers are about this dump (same record, same GPU list, same length). */
function sameDump(env: EnvRecord): boolean {
  return env === lastHwEnv && env.gpus === lastHwGpus && env.gpus.length === lastHwGpuCount;
}

function rememberDump(env: EnvRecord): void {
  if (sameDump(env)) return;
  lastHw = hardwareOfEnv(env);
  lastHwKeys = Object.keys(lastHw).length;
  lastBusy = busyGpus(env);
  lastHwEnv = env;
  lastHwGpus = env.gpus;
  lastHwGpuCount = env.gpus.length;
}

function hardwareOfEnvCached(env: EnvRecord): { hw: Hardware; keys: number } {
  rememberDump(env);
  return { hw: lastHw, keys: lastHwKeys };
}

function busyGpusCached(env: EnvRecord): number {
  rememberDump(env);
  return lastBusy;
}

/**
 * Provenance texts that only depend on the launch command / dump in scope, made once per
 * launch or dump rather than once per run (the last one is kept: runs come in document order).
 */
let lastLaunch: ScopedLaunch | undefined;
let lastLaunchTexts = { line: NaN, at: '', engineDefault: '' };
function launchTexts(launch: ScopedLaunch): { at: string; engineDefault: string } {
  if (launch !== lastLaunch || launch.line !== lastLaunchTexts.line) {
    lastLaunchTexts = {
      line: launch.line,
      at: `launch command at line ${launch.line}`,
      engineDefault: `engine default 1 (not on the launch command at line ${launch.line})`,
    };
    lastLaunch = launch;
  }
  return lastLaunchTexts;
}

class EnvTexts {
  private same?: string;
  private earlier?: string;
  constructor(readonly line: number) {}
  /** `nvidia-smi at line N`, plus a note when the dump is from an earlier section. */
  hardware(sameSection: boolean): string {
    if (sameSection) return (this.same ??= `nvidia-smi at line ${this.line}`);
    return (this.earlier ??= `nvidia-smi at line ${this.line} (earlier section of the same file)`);
  }
}
let lastEnvTextsEnv: EnvRecord | undefined;
let lastEnvTexts = new EnvTexts(0);
function envTexts(env: EnvRecord): EnvTexts {
  if (env !== lastEnvTextsEnv || env.source.line !== lastEnvTexts.line) {
    lastEnvTexts = new EnvTexts(env.source.line);
    lastEnvTextsEnv = env;
  }
  return lastEnvTexts;
}

/**
 * `{ ...src }` (own enumerable keys, in order; none for undefined) made as a `{}` literal:
 * V8 gives a spread's copy a map outside the usual transition tree, so every property added
 * to it afterwards takes a slow path (about ten times the cost); copies made this way share
 * the ordinary map transitions. Keys go through setOwn, as spread would define them.
 */
function copyOwn<T extends object>(src: T | undefined): T {
  return assignOwn({} as T, src);
}

/** `Object.assign(out, src)` for plain data (own enumerable keys, defined as own properties). */
function assignOwn<T extends object>(out: T, src: object | undefined): T {
  if (src === undefined) return out;
  const from = src as Record<string, unknown>;
  const to = out as Record<string, unknown>;
  for (const k in from) if (Object.hasOwn(from, k)) setOwn(to, k, from[k]);
  return out;
}

/** Whether an object has an own enumerable key (`Object.keys(o).length > 0` without the array). */
function hasKeys(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/**
 * What the scope names with `ofLabel` (a separator, banner or comment of the segment, as its
 * whole label) or `ofHeading` (a heading in scope), whichever is later in the file, and where
 * it was said, for provenance.
 */
function labelOrHeading<T>(
  s: ScopeState,
  ofLabel: (text: string) => T | undefined,
  ofHeading: (text: string) => T | undefined,
): { value: T; from: string } | undefined {
  const label = segmentLabel(s, ofLabel);
  const heading = deepestHeading(s.headings, ofHeading);
  if (label && (!heading || label.line > heading.line))
    return { value: label.value, from: `separator "${label.text}" at line ${label.line}` };
  const value = heading ? ofHeading(heading.text) : undefined;
  return heading && value !== undefined ? { value, from: `heading "${heading.text}" at line ${heading.line}` } : undefined;
}

/**
 * What a scope's headings and segment say, for every run until they change: runs come many to
 * a scope, and each asked every heading and label the same questions (regexes). The answers
 * are kept for one scope state, heading path and segment, known by the heading stack's depth
 * and top heading id (ids are unique, and a heading's parents cannot change while it is on
 * top) and by the segment array and its length (it is only pushed to or replaced). A heading
 * also replaces the segment today (state.ts), so the heading part is a safeguard for changes
 * that would not.
 */
interface ScopeAnswers {
  state: ScopeState;
  headDepth: number;
  headTop: number;
  segment: ScopeState['segment'];
  segmentLength: number;
  labels: string[];
  apiHeading: Heading | undefined;
  mode: { value: Mode; from: string } | undefined;
  /** null until first asked (only runs without a launch command or block engine ask). */
  engine: { value: Engine; from: string } | undefined | null;
}
let answers: ScopeAnswers | undefined;

function scopeAnswers(s: ScopeState): ScopeAnswers {
  const hs = s.headings;
  const top = hs.length > 0 ? hs[hs.length - 1]!.id : 0;
  const a = answers;
  if (
    a !== undefined &&
    a.state === s &&
    a.headDepth === hs.length &&
    a.headTop === top &&
    a.segment === s.segment &&
    a.segmentLength === s.segment.length
  )
    return a;
  answers = {
    state: s,
    headDepth: hs.length,
    headTop: top,
    segment: s.segment,
    segmentLength: s.segment.length,
    labels: scopeLabels(s),
    apiHeading: deepestHeading(hs, apiOfHeading),
    mode: labelOrHeading(s, modeOfLabel, modeOfLabel),
    engine: null,
  };
  return answers;
}

/** labelOrHeading(s, engineOfLabel, engineOfHeading), kept with the scope's other answers `a`. */
function namedEngine(s: ScopeState, a: ScopeAnswers): ScopeAnswers['engine'] {
  if (a.engine === null) a.engine = labelOrHeading(s, engineOfLabel, engineOfHeading);
  return a.engine;
}

/** The deepest heading (latest first) for which `test` gives an answer. */
function deepestHeading<T>(headings: readonly Heading[], test: (text: string) => T | undefined): Heading | undefined {
  for (let k = headings.length - 1; k >= 0; k--) {
    const h = headings[k]!;
    if (test(h.text)) return h;
  }
  return undefined;
}

/** GPUs of a dump that hold a process or more than half their memory. */
export function busyGpus(env: EnvRecord): number {
  return env.gpus.filter(
    (g) =>
      (g.processes?.length ?? 0) > 0 ||
      (g.memory_used_mib !== undefined && g.memory_total_mib !== undefined && g.memory_used_mib > g.memory_total_mib / 2),
  ).length;
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

/** Constant keys (a key built per run has to be looked up in V8's string table on every store). */
const PARALLELISM_KEY: Record<string, string> = { tp: 'parallelism.tp', dp: 'parallelism.dp', pp: 'parallelism.pp' };

/** Builds the RunRecord. Consumes one-shot scope items (pending `Test completed in`, warm-up, preamble). */
export function resolveRun(p: PartialRun, s: ScopeState, file: string, diagnostics: Diagnostic[]): RunRecord {
  const line = p.startLine + 1;
  const provenance: Record<string, string> = copyOwn(p.provenance);
  const flags = [...p.flags];
  // The reader's objects are ours now (built with setOwn): used as they are, not copied.
  const raw = p.raw;
  const metrics = p.metrics;
  // The scope does not change while a run is resolved: its answers are looked up once.
  const scope = scopeAnswers(s);

  // Every key is there from the start (optional ones undefined, dropped by inKeyOrder): the
  // stores below then change fields of one object shape instead of adding properties in an
  // order that varies from run to run.
  const run: RunRecord = {
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
    metrics,
    raw,
    provenance,
    flags,
  };

  const launch = s.launch;
  // Engine.
  const blockEngine = p.engine;
  if (launch) {
    run.engine = launch.launch.engine;
    provenance.engine = launchTexts(launch).at;
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
    provenance.engine = p.provenance.engine ?? `result block (${p.format})`;
  } else {
    const named = namedEngine(s, scope);
    if (named) {
      run.engine = named.value;
      provenance.engine = named.from;
    }
  }

  // Client: the table's own settings, then the stress script's preamble and shell flags.
  let client = p.client ? copyOwn(p.client) : undefined;
  if (s.preamble) {
    const pre = s.preamble;
    const fromPreamble: ClientSettings = copyOwn(pre.client);
    if (pre.command !== undefined) fromPreamble.command = pre.command;
    client = mergeClient(client, fromPreamble, `stress script preamble at line ${pre.line}`, run, diagnostics, file, line);
    s.preamble = undefined;
  }
  if (client) run.client = client;
  if (anyClient(s)) {
    applyClientCommand(run, s, diagnostics);
    client = run.client;
  }

  // The URL's port is the weakest hint, used only for the users' stress-script tables (a script
  // written for vLLM/SGLang); a third-party tool at :8000 may be talking to NIM or TGI.
  if (!run.engine && client?.url && /Stress Test Results/i.test(p.title ?? '')) {
    const e = engineOfUrlPort(client.url);
    if (e) {
      run.engine = e;
      provenance.engine = `URL port (${e === 'sglang' ? "30000 is SGLang's default" : "8000 is vLLM's default"}); nothing better in scope`;
    }
  }

  // API kind.
  const apiHeading = scope.apiHeading;
  const urlApi = client?.url ? apiOfUrl(client.url) : undefined;
  if (apiHeading) {
    run.api = apiOfHeading(apiHeading.text);
    provenance.api = `heading "${apiHeading.text}" at line ${apiHeading.line}`;
  } else if (urlApi) {
    run.api = urlApi;
    provenance.api = `URL path (${client?.url})`;
  } else if (p.api) {
    run.api = p.api;
  }

  // Mode.
  const mode = scope.mode;
  if (mode) {
    run.mode = mode.value;
    provenance.mode = mode.from;
  } else if (p.mode) run.mode = p.mode;

  // Model and server.
  const server: ServerSettings = copyOwn(p.server);
  if (launch) {
    server.command = launch.launch.command;
    if (launch.launch.contextLength !== undefined) server.context_length = launch.launch.contextLength;
    if (launch.launch.modelPath !== undefined) server.model_path = launch.launch.modelPath;
    if (hasKeys(launch.launch.flags)) server.flags = { ...launch.launch.flags };
  }
  if (hasKeys(server)) run.server = server;
  const tableModel = p.client?.model_path;
  if (p.model !== undefined) run.model = p.model;
  else if (tableModel !== undefined && modelName(tableModel)) {
    run.model = modelName(tableModel);
  } else if (launch?.launch.model) {
    run.model = launch.launch.model;
    provenance.model = launchTexts(launch).at;
  } else if (client?.model_path && modelName(client.model_path)) {
    run.model = modelName(client.model_path);
    provenance.model = provenance['client.model_path'] ?? 'client settings';
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

  // Hardware.
  if (s.env) {
    const { hw, keys } = hardwareOfEnvCached(s.env.env);
    if (keys > 0) {
      run.hardware = assignOwn(copyOwn(p.hardware), hw);
      provenance.hardware = envTexts(s.env.env).hardware(s.env.sectionId === currentSectionId(s));
    }
  } else if (p.hardware) run.hardware = copyOwn(p.hardware);

  // Parallelism.
  const par: Parallelism = copyOwn(p.parallelism);
  if (launch) {
    const l = launch.launch;
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
  } else if (par.gpus === undefined && s.env && s.env.sectionId === currentSectionId(s)) {
    const busy = busyGpusCached(s.env.env);
    if (busy > 0) {
      par.gpus = busy;
      provenance['parallelism.gpus'] =
        `nvidia-smi at line ${s.env.env.source.line}: ${busy} GPU(s) hold a server process or more than half their memory (same section)`;
    }
  }
  if (hasKeys(par)) run.parallelism = par;

  // Duration: the table's own wins; `Test completed in` fills in and is kept in raw.
  if (s.completed) {
    setOwn(run.raw, 'Test completed in', s.completed.text);
    if (run.metrics.duration_s === undefined && s.completed.seconds !== undefined) {
      setOwn(run.metrics, 'duration_s', s.completed.seconds);
      provenance['metrics.duration_s'] = `"Test completed in" at line ${s.completed.line}`;
    }
    s.completed = undefined;
  }

  // Warm-up: a comment in scope flags the first run after it.
  if (s.warmup) {
    if (!flags.includes('warmup-suspect')) flags.push('warmup-suspect');
    provenance.flags = `warmup-suspect: comment "${s.warmup.text}" at line ${s.warmup.line}`;
    s.warmup = undefined;
  }
  applyStated(run, s, diagnostics);
  applyServers(run, s, diagnostics);
  return inKeyOrder(run);
}

/** Heading texts, then the segment's label texts (a fresh array per run). */
function scopeLabels(s: ScopeState): string[] {
  const hs = s.headings;
  const seg = s.segment;
  const out: string[] = new Array<string>(hs.length + seg.length);
  for (let k = 0; k < hs.length; k++) out[k] = hs[k]!.text;
  for (let k = 0; k < seg.length; k++) out[hs.length + k] = seg[k]!.text;
  return out;
}

/**
 * `canonicalOrder` for the records resolveRun builds, whose keys are all in KEY_ORDER (so the
 * second pass over unknown keys has nothing to add): one object literal shape, keys copied in
 * the contract's order, absent (undefined) ones left out.
 */
function inKeyOrder(run: RunRecord): RunRecord {
  const out = { kind: run.kind, schema_version: run.schema_version, id: run.id, source: run.source } as RunRecord;
  if (run.title !== undefined) out.title = run.title;
  if (run.timestamp !== undefined) out.timestamp = run.timestamp;
  out.labels = run.labels;
  if (run.engine !== undefined) out.engine = run.engine;
  if (run.api !== undefined) out.api = run.api;
  if (run.mode !== undefined) out.mode = run.mode;
  if (run.model !== undefined) out.model = run.model;
  if (run.hardware !== undefined) out.hardware = run.hardware;
  if (run.parallelism !== undefined) out.parallelism = run.parallelism;
  if (run.server !== undefined) out.server = run.server;
  if (run.client !== undefined) out.client = run.client;
  out.metrics = run.metrics;
  out.raw = run.raw;
  out.provenance = run.provenance;
  out.flags = run.flags;
  return out;
}

const KEY_ORDER = [
  'kind',
  'schema_version',
  'id',
  'source',
  'title',
  'timestamp',
  'labels',
  'engine',
  'api',
  'mode',
  'model',
  'hardware',
  'parallelism',
  'server',
  'client',
  'metrics',
  'raw',
  'provenance',
  'flags',
];

/** The record's keys in design.md's order, so JSON output and goldens read like the contract. */
export function canonicalOrder(run: RunRecord): RunRecord {
  const out: Record<string, unknown> = {};
  const src = run as unknown as Record<string, unknown>;
  for (const k of KEY_ORDER) if (src[k] !== undefined) out[k] = src[k];
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== undefined) out[k] = src[k];
  return out as unknown as RunRecord;
}
