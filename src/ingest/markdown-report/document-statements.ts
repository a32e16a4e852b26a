/**
 * The settings a Markdown report states outside its result tables, each with its line and
 * section: launch commands and `docker run` (engine, model, parallelism, context length), benchmark
 * client commands (load, lengths, dataset, model), `key: value` settings lists, a script's
 * flags, sentences naming the GPU or model (`在使用 H100 x4 压测 …`), headings' settings, and
 * shell variables for the commands that name them. Outside code fences only list-style lines
 * count: a methodology's inline flags (`` `--model=… --tensor-parallel-size=<number_of_gpus>` ``)
 * and prose pairs (`at concurrency=1, 100 requests @10req`) describe the method, not one run.
 */
import type { Engine } from '../../model/records';
import { clientToolAt, readClientCommand } from '../context/client-command';
import { launchFromArgs, readDockerRun } from '../context/container';
import { flagBlockAt } from '../context/flag-block';
import { settingsOfHeading } from '../context/heading-settings';
import { settingsOfProse } from '../context/prose-settings';
import { type LineSettingsKind, settingsOfFlags, settingsOfLine } from '../context/settings-line';
import type { Setting, SettingKey, SettingValue } from '../context/settings-vocabulary';
import { assignmentsOf, assignVariable, hasVariable, substitute, type VariableMap } from '../context/shell-variables';
import { type LaunchCommand, looksLikeLaunchCommand, parseLaunchCommand } from '../launch-command';
import { joinContinued } from '../scope/context-lines';
import { withVariables } from '../scope/launch-variables';
import { headingsAt, type ScannedReport } from './scan';

export interface DocStatement {
  key: SettingKey;
  value: SettingValue;
  /** For `version`: the engine it is the version of. */
  engine?: Engine;
  /** 1-based line. */
  line: number;
  /** Provenance (`launch command at line 8`, `settings line at line 5 (Model)`). */
  source: string;
  /** Lines of the headings it stands under, from the top (its section). */
  path: number[];
  /** The engine of the launch it came from: it describes that server's runs only. */
  server?: Engine;
  /** A heading's statement: about its own section only. */
  sectionOnly?: boolean;
  /** An item of a settings list: the list's first line, and the line above the item (scope/list-alternatives.ts). */
  list?: number;
  subject?: string;
}

/** Settings lines that are list items: a second value of a setting in one list is an alternative. */
const LISTED: ReadonlySet<LineSettingsKind> = new Set(['settings line', 'table row']);

/** Kinds of settings lines read outside fences (inside a fence every kind is read). */
const OUTSIDE_FENCES: ReadonlySet<LineSettingsKind> = new Set(['settings line', 'environment variable', 'script command']);
const FENCE = /^\s{0,3}(```|~~~)/;
const CLIENT_KEYS: ReadonlyArray<SettingKey> = [
  'concurrency',
  'total_requests',
  'input_len',
  'output_len',
  'dataset',
  'request_rate',
  'max_tokens',
  'temperature',
];

interface Collector {
  out: DocStatement[];
  vars: VariableMap;
  path: number[];
}

function push(
  c: Collector,
  settings: readonly Setting[],
  line: number,
  source: (s: Setting) => string,
  extra: Partial<DocStatement> = {},
): void {
  for (const st of settings) {
    const statement: DocStatement = { key: st.key, value: st.value, line, source: source(st), path: c.path, ...extra };
    if (st.engine) statement.engine = st.engine;
    c.out.push(statement);
  }
}

function withVars(c: Collector, text: string): string {
  return hasVariable(text) ? substitute(text, (n) => c.vars.get(n)?.value).text : text;
}

function fromLaunch(c: Collector, l: LaunchCommand, line: number): void {
  const launch = withVariables(l, c.vars).launch;
  const settings: Setting[] = [{ key: 'engine', value: launch.engine }];
  if (launch.modelPath !== undefined && launch.model !== undefined) settings.push({ key: 'model', value: launch.modelPath });
  if (launch.contextLength !== undefined) settings.push({ key: 'context_length', value: launch.contextLength });
  const at = `launch command at line ${line}`;
  push(c, settings, line, () => at, { server: launch.engine });
  // Parallelism as a launch in force gives it: unset sizes are the engine's default 1, and the GPUs their product.
  const size = (k: 'tp' | 'dp' | 'pp'): number => launch[k] ?? 1;
  for (const k of ['tp', 'dp', 'pp'] as const)
    push(
      c,
      [{ key: k, value: size(k) }],
      line,
      () => (launch[k] !== undefined ? at : `engine default 1 (not on the launch command at line ${line})`),
      {
        server: launch.engine,
      },
    );
  push(c, [{ key: 'gpus', value: size('tp') * size('dp') * size('pp') }], line, () => at, { server: launch.engine });
}

/** A block of bare launch flags at lines[i] (flag-block.ts): the launch of the runs below it; the lines it took, or 0. */
function flagBlock(c: Collector, lines: readonly string[], i: number): number {
  const block = flagBlockAt(lines, i, true);
  if (block === undefined || block === 'wait') return 0;
  const line = i + 1;
  const launch = launchFromArgs(block.words, undefined, block.words.join(' '));
  if (launch) fromLaunch(c, launch, line);
  else push(c, settingsOfFlags(block.words), line, (st) => `flag list at line ${line} (${(st as { name?: string }).name ?? st.key})`);
  return block.end - i + 1;
}

/** A command starting at lines[i] (launch, docker run, client, a flag block): the lines it took, or 0. */
function command(c: Collector, lines: readonly string[], i: number): number {
  const text = lines[i] ?? '';
  const line = i + 1;
  const flags = flagBlock(c, lines, i);
  if (flags > 0) return flags;
  const launch = looksLikeLaunchCommand(text);
  const tool = launch ? undefined : clientToolAt(text);
  const docker = !launch && !tool && /\b(?:docker|podman|nerdctl)\s+(?:container\s+)?run\b/.test(text);
  if (!launch && !tool && !docker) return 0;
  const joined = joinContinued(lines, i, true);
  if (joined === 'wait') return 0;
  if (launch) {
    const l = parseLaunchCommand(joined.text);
    if (l) fromLaunch(c, l, line);
  } else if (tool) {
    const cmd = readClientCommand(withVars(c, joined.text), tool.tool);
    const settings: Setting[] = CLIENT_KEYS.flatMap((k) => {
      const v = (cmd.client as Record<string, SettingValue | undefined>)[k];
      return v === undefined ? [] : [{ key: k, value: v }];
    });
    if (cmd.client.model_path !== undefined) settings.push({ key: 'model', value: cmd.client.model_path });
    const flag = (k: string): string => cmd.fields[k === 'model' ? 'model_path' : k] ?? k;
    push(c, settings, line, (st) => `client command at line ${line} (${flag(st.key)})`);
  } else {
    const run = readDockerRun(joined.text);
    if (run?.launch) fromLaunch(c, run.launch, line);
    else if (run?.engine) push(c, [{ key: 'engine', value: run.engine }], line, () => `docker run image at line ${line}`);
  }
  return joined.end - i + 1;
}

/** `list`: the first line of the run of non-blank text lines this one is in; `above`: the line before, in it. */
function oneLine(c: Collector, text: string, line: number, inFence: boolean, list: number, above?: string): void {
  for (const a of assignmentsOf(text)) assignVariable(c.vars, a.name, a.value, line);
  const settings = settingsOfLine(withVars(c, text));
  const kept = settings && (inFence || OUTSIDE_FENCES.has(settings.kind)) ? settings.settings : [];
  const item: Partial<DocStatement> =
    settings && LISTED.has(settings.kind) ? { list, ...(above !== undefined ? { subject: above } : {}) } : {};
  push(c, kept, line, (st) => `${settings?.kind} at line ${line} (${(st as { name?: string }).name ?? st.key})`, item);
  const prose = settingsOfProse(text).filter((p) => !kept.some((k) => k.key === p.key));
  push(c, prose, line, (st) => `prose at line ${line} (${(st as { name?: string }).name ?? st.key})`);
}

/** Every statement of the report outside its tables, in document order. */
export function documentStatements(lines: readonly string[], scan: ScannedReport): DocStatement[] {
  const inTable = new Set<number>();
  for (const t of scan.tables) for (let l = t.line; l <= t.endLine; l++) inTable.add(l);
  const headingLines = new Map(scan.headingMarks.map((m) => [m.line, m] as const));
  const c: Collector = { out: [], vars: new Map(), path: [] };
  let inFence = false;
  let list: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const line = i + 1;
    if (FENCE.test(text)) {
      inFence = !inFence;
      list = undefined;
      continue;
    }
    if (inTable.has(line) || text.trim() === '') {
      list = undefined;
      continue;
    }
    const mark = headingLines.get(line);
    c.path = headingsAt(scan, line).map((h) => h.line);
    if (mark && !inFence) {
      list = undefined;
      const heading = mark.headings[mark.headings.length - 1];
      if (heading) push(c, settingsOfHeading(heading.text), line, () => `heading "${heading.text}" at line ${line}`, { sectionOnly: true });
      continue;
    }
    const took = command(c, lines, i);
    if (took > 0) {
      i += took - 1;
      list = undefined;
      continue;
    }
    const above = list !== undefined ? lines[i - 1] : undefined;
    list ??= line;
    oneLine(c, text, line, inFence, list, above);
  }
  return c.out;
}
