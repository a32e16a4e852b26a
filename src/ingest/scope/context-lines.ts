/**
 * Context lines the console scanner reads into the scope besides headings, launch commands and
 * the stress script's lines: benchmark client commands, `docker run`, manifest `args:` /
 * `command:` / `image:` / `env:`, server argument dumps, engine versions, settings lines and
 * environment variables, and log timestamps. Each statement goes into the scope with where it
 * was made (provenance); resolveRun applies what is in force to every run after it.
 */
import { clientToolAt, readClientCommand } from '../context/client-command';
import { launchFromArgs, looksLikeDockerRun, readDockerRun } from '../context/container';
import { timestampOfLine } from '../context/dates';
import { type EngineVersion, engineVersionOf, versionAnswerOf, versionAskedOf } from '../context/engine-version';
import { argsBlockAt, argumentDumpOf, envPairAt, imageOfLine, tagOfLine } from '../context/manifest';
import { codeSpans, type LineSetting, settingsOfFlags, settingsOfLine } from '../context/settings-line';
import { type Setting, settingsOfPair } from '../context/settings-vocabulary';
import { type LaunchCommand, looksLikeLaunchCommand, parseLaunchCommand, shellWords } from '../launch-command';
import { addSetting } from './settings-scope';
import { enterLaunch, type ScopeState, sectionPath } from './state';

/** How far below an `image:` line its `args:` / `tag:` may be. */
const IMAGE_REACH = 60;
const TAG_REACH = 6;
const ANSWER_REACH = 3;
const ENTRYPOINT_REACH = 10;

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

function add(s: ScopeState, settings: readonly Setting[], line: number, source: (s: Setting) => string): void {
  if (settings.length === 0) return;
  const path = sectionPath(s);
  for (const st of settings) addSetting(s.settings, st, line, path, source(st));
}

function addNamed(s: ScopeState, settings: readonly LineSetting[], line: number, kind: string): void {
  add(s, settings, line, (st) => `${kind} at line ${line} (${(st as LineSetting).name})`);
}

function addVersion(s: ScopeState, v: EngineVersion, line: number): void {
  add(s, [{ key: 'version', value: v.version, engine: v.engine }], line, () => `${v.source} at line ${line}`);
}

function launch(s: ScopeState, l: LaunchCommand, line: number): void {
  enterLaunch(s, l, line);
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
    const headingLevel = s.headings[s.headings.length - 1]?.level ?? 0;
    s.client = { command: readClientCommand(joined.text, tool.tool), line, headingLevel };
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
      const headingLevel = s.headings[s.headings.length - 1]?.level ?? 0;
      s.client = { command: readClientCommand(span, tool.tool), line, headingLevel };
      found = true;
    }
  }
  return found;
}

/** One-line statements: image, tag, argument dumps, versions, settings lines. */
function oneLine(text: string, line: number, s: ScopeState): boolean {
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
    addNamed(s, dump.settings, line, kind);
    const engine = dump.engine;
    if (engine) add(s, [{ key: 'engine', value: engine }], line, () => `${kind} at line ${line}`);
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
  const settings = settingsOfLine(text);
  if (settings) {
    addNamed(s, settings.settings, line, settings.kind);
    return true;
  }
  return false;
}

/**
 * Reads the context statement at lines[i] (1-based file line `line`) into the scope. Returns the
 * lines consumed (> 0), 0 to wait for more input (a statement reaching the end of a streamed
 * chunk), or -1 when the line states nothing.
 */
export function readContextLine(lines: readonly string[], i: number, line: number, final: boolean, s: ScopeState): number {
  const text = lines[i] ?? '';
  const ts = timestampOfLine(text);
  if (ts !== undefined) s.timestamp = { value: ts, line };
  const n = multiLine(lines, i, line, final, s);
  if (n !== -1) return n;
  if (text.indexOf('`') >= 0 && codeSpanCommands(text, line, s)) return 1;
  if (oneLine(text, line, s)) return 1;
  return ts !== undefined ? 1 : -1;
}
