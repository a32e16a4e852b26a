/**
 * Context lines the console scanner reads into the scope besides headings, launch commands and
 * the stress script's lines: benchmark client commands, `docker run`, manifest `args:` /
 * `command:` / `image:` / `env:`, server argument dumps, engine versions, settings lines and
 * environment variables, sentences that state a GPU, model or token lengths, a serving engine's
 * start-up line (a server the runs may talk to), shell assignments (for the `${VAR}` of the
 * commands after them), and log timestamps. Each statement goes into the scope with where it
 * was made (provenance); resolveRun applies what is in force to every run after it.
 */

import { setOwn } from '../../model/safe-keys';
import { type ClientCommand, type ClientTool, clientToolAt, ranByGenaiPerf, readClientCommand } from '../context/client-command';
import { launchFromArgs, looksLikeDockerRun, readDockerRun } from '../context/container';
import { timestampOfLine } from '../context/dates';
import { type EngineVersion, engineVersionOf, versionAnswerOf, versionAskedOf } from '../context/engine-version';
import { flagBlockAt } from '../context/flag-block';
import { argsBlockAt, argumentDumpOf, envPairAt, imageOfLine, tagOfLine } from '../context/manifest';
import { launchesOtherServer } from '../context/other-servers';
import { settingsOfProse } from '../context/prose-settings';
import { serverOfLogLine } from '../context/server-log';
import { codeSpans, type LineSetting, settingsOfFlags, settingsOfLine } from '../context/settings-line';
import { type Setting, type SettingKey, type SettingValue, settingsOfPair } from '../context/settings-vocabulary';
import { bodyText, closesLoop, loopOfLine } from '../context/shell-loop';
import { assignmentsOf, assignVariable, hasVariable, substitute } from '../context/shell-variables';
import { type LaunchCommand, looksLikeLaunchCommand, parseLaunchCommand, shellWords, stripPrompt } from '../launch-command';
import { loopSteps } from './loop-steps';
import { addSetting, type StatementKind } from './settings-scope';
import { addServer, endLaunch, enterClient, enterLaunch, nameModels, type ScopeState, sectionPath } from './state';

/** How far below an `image:` line its `args:` / `tag:` may be. */
const IMAGE_REACH = 60;
const TAG_REACH = 6;
const ANSWER_REACH = 3;
const ENTRYPOINT_REACH = 10;
/** A quote marker and the space after it (`> `, `>> `, `> > `). */
const QUOTED = /^\s{0,3}>(?:\s*>)*[ \t]+(?=\S)/;

/**
 * The logical line starting at lines[i]: `\` continuations, and more-indented lines starting
 * with a flag (a YAML `command:` block, flags on their own lines). `wait` when it may go on past
 * the lines given.
 */
export function joinContinued(lines: readonly string[], i: number, final: boolean): { text: string; end: number } | 'wait' {
  const line = lines[i] ?? '';
  let text = line;
  let k = i;
  const indent = /^\s*/.exec(line)?.[0].length ?? 0;
  const continues = (at: number): boolean => {
    const cur = lines[at] ?? '';
    const nxt = lines[at + 1];
    if (nxt === undefined) return false;
    if (/\\\s*$/.test(cur)) return true;
    return /^\s+--?[A-Za-z]/.test(nxt) && (/^\s*/.exec(nxt)?.[0].length ?? 0) > indent;
  };
  while (continues(k) && k - i < 200) {
    k++;
    text = `${text.replace(/\\\s*$/, '').trimEnd()} ${(lines[k] ?? '').trim()}`;
  }
  if (!final && k + 1 >= lines.length) return 'wait';
  return { text, end: k };
}

function add(s: ScopeState, settings: readonly Setting[], line: number, source: (s: Setting) => string, how: StatementKind = {}): void {
  if (settings.length === 0) return;
  const path = sectionPath(s);
  for (const st of settings) addSetting(s.settings, st, line, path, source(st), how);
}

function addNamed(s: ScopeState, settings: readonly LineSetting[], line: number, kind: string, how: StatementKind = {}): void {
  add(s, settings, line, (st) => `${kind} at line ${line} (${(st as LineSetting).name})`, how);
}

function addVersion(s: ScopeState, v: EngineVersion, line: number): void {
  add(s, [{ key: 'version', value: v.version, engine: v.engine }], line, () => `${v.source} at line ${line}`);
}

function launch(s: ScopeState, l: LaunchCommand, line: number): void {
  enterLaunch(s, l, line);
}

/** `text` with the shell variables assigned so far replaced (unassigned ones stay as written). */
function withVars(s: ScopeState, text: string): string {
  return hasVariable(text) ? substitute(text, (name) => s.vars.get(name)?.value).text : text;
}

/** A variable's value in the first pass of the open loops, else as assigned. */
function firstValue(s: ScopeState, name: string): string | undefined {
  return s.loops.find((l) => l.name === name)?.values[0] ?? s.vars.get(name)?.value;
}

function client(s: ScopeState, text: string, tool: ClientTool, line: number): void {
  const steps =
    s.loops.length > 0
      ? loopSteps(
          s.loops,
          text,
          (n) => s.vars.get(n)?.value,
          (t) => readClientCommand(t, tool).client as Record<string, string | number>,
        )
      : undefined;
  const command = readClientCommand(withVars(s, text), tool);
  if (steps) {
    // Which flag each stepped setting came from: as the first pass reads it.
    const fields = readClientCommand(substitute(text, (n) => firstValue(s, n)).text, tool).fields;
    for (const [k, f] of Object.entries(fields)) if (!Object.hasOwn(command.fields, k)) command.fields[k] = f;
  }
  if (!steps && childOfCurrent(s, text, tool, command, line)) return;
  enterClient(s, command, line, steps);
}

/** How far below a genai-perf command the perf_analyzer line it logs may be. */
const CHILD_REACH = 12;

/**
 * The perf_analyzer command genai-perf logs it runs belongs to the genai-perf command above it:
 * it adds what that command does not state (`--concurrency-range 1`), and the run stays the
 * genai-perf command's (its `--synthetic-input-tokens-mean` is the run's input length).
 */
function childOfCurrent(s: ScopeState, text: string, tool: ClientTool, command: ClientCommand, line: number): boolean {
  const parent = s.client;
  if (tool !== 'perf_analyzer' || !parent || parent.command.tool !== 'genai-perf' || line - parent.line > CHILD_REACH) return false;
  if (!ranByGenaiPerf(text)) return false;
  const own = parent.command;
  for (const [k, v] of Object.entries(command.client)) {
    if (k === 'command' || v === undefined || Object.hasOwn(own.client, k)) continue;
    setOwn(own.client as Record<string, unknown>, k, v);
    own.fields[k] = `${command.fields[k] ?? k} of the perf_analyzer command genai-perf ran, line ${line}`;
  }
  return true;
}

/**
 * A shell loop's lines: its head (`for c in 1 4 16; do …`), a body line (`do …`, `…; done`) and
 * `done`. The commands on them are read as any line's; `done` closes the innermost loop.
 */
function loopLine(text: string, line: number, s: ScopeState): boolean {
  if (text.indexOf('do') < 0 && text.indexOf('for') < 0) return false;
  const head = loopOfLine(stripPrompt(text), (n) => s.vars.get(n)?.value);
  if (head) {
    s.loops.push({ ...head.loop, line });
    if (head.body !== undefined) readContextLine([head.body], 0, line, true, s);
    if (head.closed) s.loops.pop();
    return true;
  }
  if (s.loops.length === 0) return false;
  const closes = closesLoop(text);
  const body = bodyText(text);
  if (!closes && body === text && text.trim() !== 'do') return false;
  if (body.trim() !== '' && body.trim() !== 'do') readContextLine([body], 0, line, true, s);
  if (closes) s.loops.pop();
  return true;
}

/** The words of a bare launcher just above `args:` (a manifest's `command:` with no flags), to join them. */
function entrypointBefore(s: ScopeState, line: number, key: string): string[] {
  const l = s.launch;
  if (key !== 'args' || !l || line - l.line > ENTRYPOINT_REACH) return [];
  const bare = l.launch.modelPath === undefined && l.launch.tp === undefined && Object.keys(l.launch.flags).length === 0;
  return bare ? shellWords(l.launch.command) : [];
}

/** A line that may open a multi-line statement: answered first (they consume more than one line). */
function multiLine(lines: readonly string[], i: number, line: number, final: boolean, s: ScopeState): number {
  const text = lines[i] ?? '';
  const tool = clientToolAt(text);
  if (tool) {
    const joined = joinContinued(lines, i, final);
    if (joined === 'wait') return 0;
    client(s, joined.text, tool.tool, line);
    return joined.end - i + 1;
  }
  if (looksLikeDockerRun(text)) {
    const joined = joinContinued(lines, i, final);
    if (joined === 'wait') return 0;
    const run = readDockerRun(joined.text);
    if (run) {
      addNamed(s, run.settings, line, 'docker run');
      if (run.version) addVersion(s, run.version, line);
      if (run.launch) launch(s, run.launch, line);
      else if (run.engine) add(s, [{ key: 'engine', value: run.engine }], line, () => `docker run image at line ${line}`);
      return joined.end - i + 1;
    }
  }
  const block = argsBlockAt(lines, i, final);
  if (block === 'wait') return 0;
  if (block) {
    const image = s.image && line - s.image.line <= IMAGE_REACH ? s.image.engine : undefined;
    // Kubernetes' `command: [python3, -m, sglang.launch_server]` then `args: [...]`: one command.
    const words = [...entrypointBefore(s, line, block.key), ...block.words];
    const l = launchFromArgs(words, image, words.join(' '));
    if (l) launch(s, l, line);
    else addNamed(s, settingsOfFlags(words), line, `${block.key} list`);
    return block.end - i + 1;
  }
  const flags = flagBlockAt(lines, i, final);
  if (flags === 'wait') return 0;
  if (flags) {
    const command = flags.words.join(' ');
    const l = launchFromArgs(flags.words, undefined, command);
    if (l) launch(s, l, line);
    else addNamed(s, settingsOfFlags(flags.words), line, 'flag list');
    return flags.end - i + 1;
  }
  const env = envPairAt(lines, i);
  if (env) {
    addNamed(
      s,
      settingsOfPair(env.name, env.value).map((st) => ({ ...st, name: env.name })),
      line,
      'Kubernetes env',
    );
    return 2;
  }
  return -1;
}

/** Commands written as inline code (`` Server: `vllm serve … --tp 4` ``): a launch, a client command, a docker run. */
function codeSpanCommands(text: string, line: number, s: ScopeState): boolean {
  let found = false;
  for (const span of codeSpans(text)) {
    const l = looksLikeLaunchCommand(span) ? parseLaunchCommand(span) : undefined;
    if (l) {
      launch(s, l, line);
      found = true;
      continue;
    }
    const tool = clientToolAt(span);
    if (tool) {
      client(s, span, tool.tool, line);
      found = true;
    }
  }
  return found;
}

/**
 * A table row no reader took (`| Model-7b | GPU-X | 167.6 |`, in a diff: `+| …`): a model named in
 * it is that row's, one of the several the table compares, never the text's.
 */
function tableRow(text: string): boolean {
  let bars = 0;
  for (let k = text.indexOf('|'); k >= 0 && bars < 3; k = text.indexOf('|', k + 1)) bars++;
  return bars >= 3;
}

/** Settings lines of a list: an item's value may be one of several (settings-scope.ts' addSetting). */
const LISTED: ReadonlySet<string> = new Set(['settings line', 'table row']);

/** One-line statements: image, tag, argument dumps, versions, settings lines; `before`: the line above. */
function oneLine(text: string, line: number, s: ScopeState, before?: string): boolean {
  const image = imageOfLine(text);
  if (image?.engine) {
    s.image = { engine: image.engine, line };
    if (image.version) addVersion(s, image.version, line);
    add(s, [{ key: 'engine', value: image.engine }], line, () => `image at line ${line}`);
    return true;
  }
  if (s.image && line - s.image.line <= TAG_REACH) {
    const tag = tagOfLine(text);
    if (tag) {
      addVersion(s, { engine: s.image.engine, version: tag, source: 'image tag' }, line);
      return true;
    }
  }
  const dump = argumentDumpOf(text);
  if (dump) {
    const kind = dump.engine ? `${dump.engine} server arguments` : dump.kind;
    // A server's logged arguments describe the server then running: the next launch ends them.
    const server = dump.kind === 'server arguments';
    addNamed(s, dump.settings, line, kind, { server });
    const engine = dump.engine;
    if (engine) add(s, [{ key: 'engine', value: engine }], line, () => `${kind} at line ${line}`, { server });
    const version = engineVersionOf(text);
    if (version) addVersion(s, version, line);
    return true;
  }
  const asked = s.versionAsked;
  if (asked && line - asked.line <= ANSWER_REACH) {
    const answer = versionAnswerOf(text);
    if (answer) {
      addVersion(s, { engine: asked.engine, version: answer, source: 'version line' }, line);
      s.versionAsked = undefined;
      return true;
    }
  }
  const version = engineVersionOf(text);
  if (version) {
    addVersion(s, version, line);
    return true;
  }
  const ask = versionAskedOf(text);
  if (ask) {
    s.versionAsked = { engine: ask, line };
    return true;
  }
  const settings = settingsOfLine(withVars(s, text));
  if (settings) addNamed(s, settings.settings, line, settings.kind, LISTED.has(settings.kind) ? listItem(before) : {});
  const stepped = s.loops.length > 0 && hasVariable(text) && steppedSettings(s, text, line);
  // Prose adds what the line's `key: value` form does not state (`Test condition: qps=64 … on 8*H20`).
  const prose = settingsOfProse(text).filter((p) => !settings?.settings.some((o) => o.key === p.key));
  if (prose.length > 0) addNamed(s, prose, line, 'prose');
  const stated = prose.some((p) => p.key === 'model') || settings?.settings.some((o) => o.key === 'model');
  // A name inferred from the text leaves the line's coverage as it was: the line states no setting outright.
  if (!stated && !tableRow(text)) nameModels(s, text, line, 'text');
  return settings !== undefined || prose.length > 0 || stepped;
}

/** A list item's statement, with the line above it as its subject when that line is not blank. */
function listItem(before: string | undefined): StatementKind {
  return before !== undefined && before.trim() !== '' ? { listed: true, subject: before } : { listed: true };
}

/** A settings line inside shell loops (`python bench.py --concurrency $c`): each pass's settings, taken by the runs in order. */
function steppedSettings(s: ScopeState, text: string, line: number): boolean {
  const read = (t: string): Record<string, SettingValue> => {
    const out: Record<string, SettingValue> = {};
    for (const st of settingsOfLine(t)?.settings ?? []) if (!Object.hasOwn(out, st.key)) out[st.key] = st.value;
    return out;
  };
  const steps = loopSteps(s.loops, text, (n) => s.vars.get(n)?.value, read);
  if (!steps) return false;
  const keys = new Set(steps.steps.flatMap((st) => Object.keys(st.settings)));
  const path = sectionPath(s);
  // How the line names each stepped setting (`--concurrency`, `CONCURRENCY`): as its first pass reads.
  const said = settingsOfLine(substitute(text, (n) => firstValue(s, n)).text);
  for (const key of keys) {
    const first = steps.steps.find((st) => Object.hasOwn(st.settings, key))?.settings[key];
    if (first === undefined) continue;
    const name = said?.settings.find((x) => x.key === key)?.name ?? key;
    addSetting(
      s.settings,
      { key: key as SettingKey, value: first },
      line,
      path,
      `${said?.kind ?? 'settings line'} at line ${line} (${name})`,
      {
        steps,
      },
    );
  }
  return true;
}

/** A serving engine's start-up line: the server the runs after it may have talked to. */
function serverLine(text: string, line: number, s: ScopeState): boolean {
  const server = serverOfLogLine(text);
  if (!server) return false;
  addServer(s, {
    engine: server.engine,
    line,
    ...(server.port !== undefined ? { port: server.port } : {}),
    source: `server log at line ${line} ("${server.text}")`,
  });
  return true;
}

/** Shell assignments (`export MODEL_PATH=…`, behind a prompt too) are remembered for the commands after them. */
function rememberVariables(text: string, line: number, s: ScopeState): void {
  if (text.indexOf('=') < 0) return;
  for (const a of assignmentsOf(stripPrompt(text))) assignVariable(s.vars, a.name, a.value, line);
}

/**
 * Reads the context statement at lines[i] (1-based file line `line`) into the scope. Returns the
 * lines consumed (> 0), 0 to wait for more input (a statement reaching the end of a streamed
 * chunk), or -1 when the line states nothing.
 */
export function readContextLine(lines: readonly string[], i: number, line: number, final: boolean, s: ScopeState): number {
  const text = lines[i] ?? '';
  // A quoted line (`> …`: a Markdown quote, the shell's continuation prompt) states what it would unquoted.
  const quote = QUOTED.exec(text);
  if (quote) return Math.sign(readContextLine([text.slice(quote[0].length)], 0, line, true, s));
  const ts = timestampOfLine(text);
  if (ts !== undefined) s.timestamp = { value: ts, line };
  rememberVariables(text, line, s);
  if (loopLine(text, line, s)) return 1;
  // Read on: the other server's flags may still state settings (`--tp 8`).
  if (s.launch && launchesOtherServer(text)) endLaunch(s);
  const n = multiLine(lines, i, line, final, s);
  if (n !== -1) return n;
  if (text.indexOf('`') >= 0 && codeSpanCommands(text, line, s)) return 1;
  const server = serverLine(text, line, s);
  if (oneLine(text, line, s, i > 0 ? lines[i - 1] : undefined) || server) return 1;
  return ts !== undefined ? 1 : -1;
}
