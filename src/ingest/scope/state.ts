/**
 * The scope the console scanner carries through a file in DOCUMENT order (never by
 * timestamp): heading path, the current segment's labels (comments, banners, separators since
 * the last heading or launch), the launch command in force, the latest nvidia-smi dump, the
 * stress script's invocation and preamble, a pending `Test completed in` line, the client
 * commands in scope (and those carried from sections without runs), the servers seen, and the
 * shell variables assigned so far.
 * Plain data, so the streaming reader can carry it from one chunk to the next.
 */
import type { ClientSettings, Engine, EnvRecord } from '../../model/records';
import type { ClientCommand } from '../context/client-command';
import { settingsOfHeading } from '../context/heading-settings';
import { modelKey, modelMentionsIn } from '../context/model-mention';
import type { PathFact } from '../context/path-facts';
import type { VariableMap } from '../context/shell-variables';
import type { LaunchCommand } from '../launch-command';
import { type ContextLine, classifyContextLine, isWarmupWarning } from './labels';
import { withVariables } from './launch-variables';
import type { LoopSteps, OpenLoop } from './loop-steps';
import { addSetting, closeSections, endServerStatements, nameModel, newSettingsScope, type SettingsScope } from './settings-scope';

export interface Heading {
  level: number;
  text: string;
  /** 1-based line. */
  line: number;
  /** Unique per heading in the file: "same section" means the same deepest heading id. */
  id: number;
}

export interface ScopedLaunch {
  launch: LaunchCommand;
  /** 1-based line of the launch command. */
  line: number;
  /** Level of the deepest heading it was under (0 = none). */
  headingLevel: number;
  /** The deepest heading it was under, for provenance once it is carried. */
  section?: string;
  /** Whether a run has been resolved with it in force. */
  used?: boolean;
  /** Shell variables it refers to that the file never assigned (its model, say, is then absent). */
  unresolved?: string[];
}

/**
 * A server the file started or showed running: a launch command no run of its own section used
 * (a deployment section before the results), or a server's log line (`Starting vLLM API server
 * on http://…:8000`). Runs after it that state no server of their own may be this server's.
 */
export interface ServerSeen {
  engine: Engine;
  /** 1-based line. */
  line: number;
  port?: number;
  launch?: ScopedLaunch;
  /** Provenance of what it gives (`launch command at line 13 (section "Deployment", no run of its own)`). */
  source: string;
}

export interface ScopedEnv {
  env: EnvRecord;
  /** Deepest heading id when the dump was read (0 = before any heading). */
  sectionId: number;
}

export interface SegmentLabel extends ContextLine {
  line: number;
}

export interface Preamble {
  /** 1-based line of the shell line or `Starting … Stress Test`. */
  line: number;
  command?: string;
  client: ClientSettings;
  /** Whether `URL:`/`Model:` … lines are read as preamble (after a shell line or a Starting line). */
  open: boolean;
}

/** A benchmark client command: applies to the runs after it until the next one or a heading of its level or higher. */
export interface ScopedClient {
  command: ClientCommand;
  /** 1-based line of the command. */
  line: number;
  headingLevel: number;
  /** Whether a run has taken its settings. */
  used?: boolean;
  /** Inside shell loops: what each pass sets (`--max-concurrency $c`), taken by the runs in output order. */
  steps?: LoopSteps<string | number>;
}

export interface ScopeState {
  inFence: boolean;
  headings: Heading[];
  nextHeadingId: number;
  segment: SegmentLabel[];
  launch?: ScopedLaunch;
  env?: ScopedEnv;
  preamble?: Preamble;
  /** `Test completed in …` waiting for the table after it. */
  completed?: { line: number; text: string; seconds?: number };
  /** A warm-up comment waiting for the first run after it. */
  warmup?: { line: number; text: string };
  /** Settings stated in the document (settings-scope.ts). */
  settings: SettingsScope;
  /** The current client command: the latest, until a heading of its level or higher. */
  client?: ScopedClient;
  /** Client commands in scope, in document order (client-choice.ts picks a run's). */
  clients: ScopedClient[];
  /** Client commands of closed sections that no run used (a `## Command` section before `## Results`). */
  carriedClients: ScopedClient[];
  /** Servers started or seen earlier in the file, in document order (servers.ts). */
  servers: ServerSeen[];
  /** Shell variables assigned so far (`export MODEL_PATH=…`). */
  vars: VariableMap;
  /** Shell loops open at this line (`for c in 1 4 16; do`), outer first; `done` closes the innermost. */
  loops: OpenLoop[];
  /** The latest full date-time printed in the log (a log line, a `date` line). */
  timestamp?: { value: string; line: number };
  /** A date in the file's path (`nightly-2025-03-14.log`, `2025-03-14/bench.log`): the runs' date when the log prints none. */
  pathDate?: PathFact;
  /** A container image named last (`image: vllm/vllm-openai:v0.8.5`): the engine of the `args:` after it. */
  image?: { engine: Engine; line: number };
  /** A line asking an engine for its version (`vllm --version`, `pip show vllm`): the answer follows. */
  versionAsked?: { engine: Engine; line: number };
}

export function newScopeState(): ScopeState {
  return {
    inFence: false,
    headings: [],
    nextHeadingId: 1,
    segment: [],
    settings: newSettingsScope(),
    clients: [],
    carriedClients: [],
    servers: [],
    vars: new Map(),
    loops: [],
  };
}

/** How many servers and carried client commands a scope keeps (the latest). */
const KEPT = 16;

function pushBounded<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > KEPT) list.splice(0, list.length - KEPT);
}

/** Records a server seen in the file (servers.ts chooses among them). */
export function addServer(s: ScopeState, server: ServerSeen): void {
  pushBounded(s.servers, server);
}

/** A launch leaves scope: one no run used describes a server the runs after it may be talking to. */
function retireLaunch(s: ScopeState, l: ScopedLaunch): void {
  if (l.used) return;
  const port = l.launch.flags.port;
  const where = l.section !== undefined ? `section "${l.section}", no run of its own` : 'no run after it in its scope';
  addServer(s, {
    engine: l.launch.engine,
    line: l.line,
    ...(typeof port === 'number' ? { port } : {}),
    launch: l,
    source: `launch command at line ${l.line} (${where})`,
  });
}

/** Another engine's server was started (context/other-servers.ts): the launch in force describes no run after it. */
export function endLaunch(s: ScopeState): void {
  if (!s.launch) return;
  retireLaunch(s, s.launch);
  s.launch = undefined;
  endServerStatements(s.settings);
}

/** A benchmark client command: the current one; those before it in scope stay for a run they fit better. */
export function enterClient(s: ScopeState, command: ClientCommand, line: number, steps?: LoopSteps<string | number>): void {
  const scoped: ScopedClient = { command, line, headingLevel: s.headings[s.headings.length - 1]?.level ?? 0 };
  if (steps) scoped.steps = steps;
  pushBounded(s.clients, scoped);
  s.client = scoped;
  const model = command.client.model_path;
  if (typeof model === 'string') nameModel(s.settings, modelKey(model), () => {});
}

/** Client commands a heading of `level` ends; those no run used are carried to the sections after. */
function closeClients(s: ScopeState, level: number): void {
  if (s.clients.length === 0) return;
  const kept: ScopedClient[] = [];
  for (const c of s.clients) {
    if (level > c.headingLevel) kept.push(c);
    else if (!c.used) pushBounded(s.carriedClients, c);
  }
  s.clients = kept;
  if (s.client && level <= s.client.headingLevel) s.client = undefined;
}

/** Heading ids from the top: the section a line belongs to. */
export function sectionPath(s: ScopeState): number[] {
  return s.headings.map((h) => h.id);
}

export function currentSectionId(s: ScopeState): number {
  return s.headings[s.headings.length - 1]?.id ?? 0;
}

/** A Markdown heading opens: pops deeper or equal headings, ends a launch of the same or a deeper level. */
export function enterHeading(s: ScopeState, level: number, text: string, line: number): void {
  while (s.headings.length > 0 && (s.headings[s.headings.length - 1]?.level ?? 0) >= level) s.headings.pop();
  closeSections(s.settings, sectionPath(s));
  s.headings.push({ level, text, line, id: s.nextHeadingId++ });
  const stated = settingsOfHeading(text);
  if (stated.length > 0) {
    const path = sectionPath(s);
    for (const st of stated) addSetting(s.settings, st, line, path, `heading "${text}" at line ${line}`, { sectionOnly: true });
  }
  nameModels(s, text, line, 'heading');
  if (s.launch && level <= s.launch.headingLevel) {
    retireLaunch(s, s.launch);
    s.launch = undefined;
  }
  closeClients(s, level);
  s.loops = []; // a loop left open (no `done` pasted) ends with its section
  s.segment = [];
  s.completed = undefined;
  s.warmup = undefined;
  s.preamble = undefined;
}

/**
 * Model names a line states without the word "model" (`I ran Llama 3 8B on …`): the runs' model
 * while the text names only that one, inferred (settings-scope.ts' nameModel). False when it names none.
 */
export function nameModels(s: ScopeState, text: string, line: number, where: string): boolean {
  const found = modelMentionsIn(text);
  for (const m of found) {
    const source = `${where} at line ${line} names '${m.name}', the only model named so far: inferred`;
    nameModel(s.settings, m.key, () =>
      addSetting(s.settings, { key: 'model', value: m.name }, line, sectionPath(s), source, { inferred: true }),
    );
  }
  return found.length > 0;
}

/**
 * A launch command drops the comments before it (they were about the previous server) but
 * keeps a banner or separator that introduces it (`/**** Now compare with 2 GPUs ****` + launch).
 */
export function enterLaunch(s: ScopeState, launch: LaunchCommand, line: number): void {
  if (s.launch) retireLaunch(s, s.launch);
  endServerStatements(s.settings);
  const heading = s.headings[s.headings.length - 1];
  const resolved = withVariables(launch, s.vars);
  s.launch = { launch: resolved.launch, line, headingLevel: heading?.level ?? 0 };
  const model = resolved.launch.model ?? resolved.launch.modelPath;
  if (model !== undefined) nameModel(s.settings, modelKey(model), () => {});
  if (heading) s.launch.section = heading.text;
  if (resolved.unresolved.length > 0) s.launch.unresolved = resolved.unresolved;
  s.segment = s.segment.filter((l) => l.kind !== 'comment');
  s.warmup = undefined;
}

/**
 * A comment appends to the segment; a banner or separator starts a new segment (the
 * `---- no think ----` after `---- think ----` replaces it; `/**** Now compare …` ends the
 * comments of the tp 4 runs before it).
 */
export function addContextLine(s: ScopeState, c: ContextLine, line: number): void {
  if (c.kind !== 'comment') s.segment = [];
  s.segment.push({ ...c, line });
  if (c.kind === 'comment' && isWarmupWarning(c.text)) s.warmup = { line, text: c.text };
  else if (c.kind !== 'comment') s.warmup = undefined;
}

/**
 * The latest separator/banner/comment in the segment that `of` answers for as its whole label
 * (`modeOfLabel`, `engineOfLabel`), with that answer.
 */
export function segmentLabel<T>(s: ScopeState, of: (label: string) => T | undefined): { value: T; line: number; text: string } | undefined {
  for (let k = s.segment.length - 1; k >= 0; k--) {
    const l = s.segment[k];
    if (!l) continue;
    const value = of(l.text);
    if (value) return { value, line: l.line, text: l.text };
  }
  return undefined;
}

export { classifyContextLine };
