/**
 * What the document states around a run, applied after the run's own block, launch command
 * and stress-script preamble (resolve.ts): the benchmark client command in scope (per flag,
 * provenance `client command at line N (--flag)`) and the nearest statement of each setting
 * (settings-scope.ts). The run's own block wins over both (a disagreement is a
 * `conflicting-context` warning); a setting stated nearer to the run than its launch command
 * wins over the command; an engine default (`dp` absent from the launch command) is no
 * statement and gives way silently.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { ClientSettings, Engine, RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import type { SettingKey, SettingValue } from '../context/settings-vocabulary';
import { modelName, strategyOf } from '../launch-command';
import { chooseClient } from './client-choice';
import { type LoopSteps, stepSource, takeStep } from './loop-steps';
import { conflict, firstReport, type ScopedSetting, same, settingsFor } from './settings-scope';
import { type ScopedClient, type ScopeState, sectionPath } from './state';

/** Client settings of the run's client command (client-choice.ts) that the run does not state itself. */
export function applyClientCommand(run: RunRecord, s: ScopeState, diagnostics: Diagnostic[]): void {
  const scoped = chooseClient(run, s);
  if (!scoped) return;
  scoped.used = true;
  const { command, line } = scoped;
  const file = run.source.file;
  const client: ClientSettings = run.client ?? {};
  const stepped = passOf(scoped, run, diagnostics);
  const settings: ClientSettings = stepped ? { ...command.client, ...stepped.settings } : command.client;
  const from = (k: string): string =>
    stepped && Object.hasOwn(stepped.settings, k)
      ? `client command at line ${line} (${command.fields[k] ?? k}), ${stepped.source}`
      : `client command at line ${line} (${command.fields[k] ?? k})`;
  const ok = run.metrics.requests_ok_count ?? 0;
  const sent = ok + (run.metrics.requests_failed_count ?? 0);
  for (const key of Object.keys(settings) as Array<keyof ClientSettings>) {
    const v = settings[key];
    if (v === undefined) continue;
    if (key === 'command') {
      if (client.command === undefined) client.command = String(v);
      continue;
    }
    const have = client[key];
    if (have === undefined) {
      // More requests reported than the command sent contradicts it; but a completed count equal to
      // the command's is agreement: ApacheBench's `Complete requests` include its `Failed requests`.
      if (key === 'total_requests' && typeof v === 'number' && sent > v && ok !== v) {
        conflict(
          diagnostics,
          file,
          run.source.line,
          'client.total_requests',
          `${sent} requests reported by the result`,
          `${v} from ${from(key)}`,
        );
        continue;
      }
      setOwn(client as Record<string, unknown>, key, v);
      run.provenance[`client.${key}`] = from(key);
    } else if (have !== v && key !== 'model_path' && key !== 'url')
      conflict(diagnostics, file, run.source.line, `client.${key}`, `${have} (result)`, `${v} from ${from(key)}`);
  }
  if (Object.keys(client).length > 0) run.client = client;
}

/** The loop pass a run of a command inside shell loops takes (loop-steps.ts); a run past the last pass takes none, said so. */
function passOf(
  scoped: ScopedClient,
  run: RunRecord,
  diagnostics: Diagnostic[],
): { settings: Partial<ClientSettings>; source: string } | undefined {
  const steps = scoped.steps;
  if (!steps) return undefined;
  const taken = takeStep(steps, run.client as Record<string, unknown> | undefined);
  if (!taken) {
    diagnostics.push({
      severity: 'info',
      code: 'context-missing',
      message: `no pass of loop ${steps.loops} left for this run (${steps.steps.length} passes, or the run's own settings fit none): the loop's settings not applied`,
      file: run.source.file,
      line: run.source.line,
    });
    return undefined;
  }
  return { settings: taken.step.settings as Partial<ClientSettings>, source: stepSource(steps, taken) };
}

/** What a setting can fill: a record, or a run as a reader builds it (exports/result-settings.ts). */
export type SettableRun = Pick<RunRecord, 'model' | 'engine' | 'hardware' | 'parallelism' | 'server' | 'client'>;

export interface SettingField {
  /** The record path it fills (`client.concurrency`), also its provenance key. */
  path: string;
  get(run: SettableRun): SettingValue | undefined;
  set(run: SettableRun, v: SettingValue): void;
}

type Field = SettingField;

function clientField(key: keyof ClientSettings): Field {
  return {
    path: `client.${key}`,
    get: (r) => r.client?.[key],
    set: (r, v) => setOwn((r.client ??= {}) as Record<string, unknown>, key, v),
  };
}

function parallelismField(key: 'tp' | 'dp' | 'pp' | 'gpus'): Field {
  return { path: `parallelism.${key}`, get: (r) => r.parallelism?.[key], set: (r, v) => ((r.parallelism ??= {})[key] = Number(v)) };
}

const FIELDS: Record<SettingKey, Field> = {
  model: {
    path: 'model',
    get: (r) => r.model,
    set: (r, v) => {
      const text = String(v);
      // A folder given with its trailing slash (`model_dir='…/bloomz-560m/'`) is named by its last part.
      r.model = modelName(text.replace(/(?<=[^\\/])[\\/]+$/, '')) ?? text;
      if (/[\\/]/.test(text) && r.server?.model_path === undefined) (r.server ??= {}).model_path = text;
    },
  },
  engine: { path: 'engine', get: (r) => r.engine, set: (r, v) => (r.engine = v as Engine) },
  gpu: { path: 'hardware.gpu', get: (r) => r.hardware?.gpu, set: (r, v) => ((r.hardware ??= {}).gpu = String(v)) },
  gpus: parallelismField('gpus'),
  tp: parallelismField('tp'),
  dp: parallelismField('dp'),
  pp: parallelismField('pp'),
  context_length: {
    path: 'server.context_length',
    get: (r) => r.server?.context_length,
    set: (r, v) => ((r.server ??= {}).context_length = Number(v)),
  },
  version: { path: 'server.version', get: (r) => r.server?.version, set: (r, v) => ((r.server ??= {}).version = String(v)) },
  concurrency: clientField('concurrency'),
  total_requests: clientField('total_requests'),
  input_len: clientField('input_len'),
  output_len: clientField('output_len'),
  dataset: clientField('dataset'),
  request_rate: clientField('request_rate'),
  max_tokens: clientField('max_tokens'),
  temperature: clientField('temperature'),
};

/** The record field a setting fills (path, getter, setter). */
export function settingField(key: SettingKey): SettingField {
  return FIELDS[key];
}

/** tp × dp × pp again when a setting changed one of them and the launch command had given the GPUs. */
function recomputeGpus(run: RunRecord, source: string): void {
  const p = run.parallelism;
  if (!p || !/^launch command at line/.test(run.provenance['parallelism.gpus'] ?? '')) return;
  const tp = p.tp ?? 1;
  const dp = p.dp ?? 1;
  const pp = p.pp ?? 1;
  p.gpus = tp * dp * pp;
  p.strategy = strategyOf(tp, dp, pp);
  run.provenance['parallelism.gpus'] = `tp × dp × pp (${source})`;
}

/** Whether the statement is nearer to the run than the launch command that gave the field's value. */
function nearerThanLaunch(st: ScopedSetting, s: ScopeState, provenance: string | undefined): boolean {
  const launch = s.launch;
  if (!launch || provenance === undefined) return false;
  const fromLaunch = provenance === `launch command at line ${launch.line}` || provenance.startsWith('engine default 1');
  return fromLaunch && st.line > launch.line;
}

function applyOne(run: RunRecord, st: ScopedSetting, s: ScopeState, diagnostics: Diagnostic[]): void {
  const field = FIELDS[st.key];
  const have = field.get(run);
  const provenance = run.provenance[field.path] ?? (st.key === 'gpu' ? run.provenance.hardware : undefined);
  if (have === undefined) {
    field.set(run, st.value);
    run.provenance[field.path] = st.source;
    return;
  }
  if (st.inferred || same(st.key, have, st.value)) return;
  // An engine default or a URL port guess is no statement: a stated value replaces it quietly.
  const weak = provenance !== undefined && /^(engine default 1|URL port)/.test(provenance);
  if (weak || nearerThanLaunch(st, s, provenance)) {
    if (!weak)
      conflict(diagnostics, run.source.file, run.source.line, field.path, `${st.value} from ${st.source}`, `${have} from ${provenance}`);
    field.set(run, st.value);
    run.provenance[field.path] = st.source;
    if (st.key === 'tp' || st.key === 'dp' || st.key === 'pp') recomputeGpus(run, st.source);
    return;
  }
  conflict(
    diagnostics,
    run.source.file,
    run.source.line,
    field.path,
    `${have} (${provenance ?? 'result'})`,
    `${st.value} from ${st.source}`,
  );
}

/** The settings in scope and the date, after everything else resolveRun applies. */
export function applyStated(run: RunRecord, s: ScopeState, diagnostics: Diagnostic[]): void {
  if (s.settings.list.length > 0) applySettings(run, s, diagnostics);
  if (run.timestamp === undefined) applyDate(run, s);
}

/** The nearest statement of every setting in scope, applied to the run (see the file's comment). */
function applySettings(run: RunRecord, s: ScopeState, diagnostics: Diagnostic[]): void {
  // The engine first: a version applies to the runs of its own engine.
  const all = settingsFor(s.settings, sectionPath(s), s.headings[s.headings.length - 1]?.text).sort(
    (a, b) => Number(b.chosen.key === 'engine') - Number(a.chosen.key === 'engine'),
  );
  const passes = new Map<LoopSteps<SettingValue>, Pass | undefined>();
  for (const { chosen: stated, others } of all) {
    const chosen = stated.steps ? passValue(stated, stated.steps, run, passes) : stated;
    if (!chosen) continue;
    if (chosen.key === 'version' && chosen.engine !== run.engine) continue;
    for (const o of others) {
      if (chosen.key === 'version' && o.engine !== run.engine) continue;
      if (firstReport(s.settings, chosen, o))
        conflict(
          diagnostics,
          run.source.file,
          run.source.line,
          FIELDS[chosen.key].path,
          `${chosen.value} from ${chosen.source}`,
          `${o.value} from ${o.source}`,
        );
    }
    applyOne(run, chosen, s, diagnostics);
  }
  gpusOfStatedParallelism(run);
}

type Pass = { settings: Record<string, SettingValue>; source: string };

/**
 * A statement made inside shell loops, as the run's pass states it: the pass is taken once per
 * run for all the statements of one looped line (`passes`), the run's own values steering it.
 */
function passValue(
  st: ScopedSetting,
  steps: LoopSteps<SettingValue>,
  run: RunRecord,
  passes: Map<LoopSteps<SettingValue>, Pass | undefined>,
): ScopedSetting | undefined {
  if (!passes.has(steps)) {
    const keys = new Set(steps.steps.flatMap((x) => Object.keys(x.settings)));
    const own: Record<string, unknown> = {};
    for (const k of keys) own[k] = FIELDS[k as SettingKey]?.get(run);
    const taken = takeStep(steps, own);
    passes.set(steps, taken ? { settings: taken.step.settings, source: stepSource(steps, taken) } : undefined);
  }
  const pass = passes.get(steps);
  const value = pass?.settings[st.key];
  return pass && value !== undefined ? { ...st, value, source: `${st.source}, ${pass.source}` } : undefined;
}

/** tp, dp and pp all stated (a server's argument dump) and no GPU count: their product, said so. */
function gpusOfStatedParallelism(run: RunRecord): void {
  const p = run.parallelism;
  if (!p || p.gpus !== undefined || p.tp === undefined || p.dp === undefined || p.pp === undefined) return;
  p.gpus = p.tp * p.dp * p.pp;
  p.strategy = strategyOf(p.tp, p.dp, p.pp);
  run.provenance['parallelism.gpus'] = 'tp × dp × pp, each stated in the log';
}

/**
 * A run whose block prints no time: the latest full date-time the log printed before it, else
 * the date in the file's path (a date only; file name, else nearest folder), with provenance.
 */
function applyDate(run: RunRecord, s: ScopeState): void {
  if (s.timestamp) {
    run.timestamp = s.timestamp.value;
    run.provenance.timestamp = `log timestamp at line ${s.timestamp.line}`;
  } else if (s.pathDate) {
    run.timestamp = s.pathDate.value;
    run.provenance.timestamp = s.pathDate.source;
  }
}
