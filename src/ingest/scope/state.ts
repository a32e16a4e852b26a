/**
 * The scope the console scanner carries through a file in DOCUMENT order (never by
 * timestamp): heading path, the current segment's labels (comments, banners, separators since
 * the last heading or launch), the launch command in force, the latest nvidia-smi dump, the
 * stress script's invocation and preamble, and a pending `Test completed in` line.
 * Plain data, so the streaming reader can carry it from one chunk to the next.
 */
import type { ClientSettings, Engine, EnvRecord } from '../../model/records';
import type { ClientCommand } from '../context/client-command';
import { settingsOfHeading } from '../context/heading-settings';
import type { LaunchCommand } from '../launch-command';
import { type ContextLine, classifyContextLine, isWarmupWarning } from './labels';
import { addSetting, closeSections, newSettingsScope, type SettingsScope } from './settings-scope';

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
  client?: ScopedClient;
  /** The latest full date-time printed in the log (a log line, a `date` line). */
  timestamp?: { value: string; line: number };
  /** A date in the file's name (`nightly-2025-03-14.log`): the runs' date when the log prints none. */
  fileDate?: { value: string; text: string };
  /** A container image named last (`image: vllm/vllm-openai:v0.8.5`): the engine of the `args:` after it. */
  image?: { engine: Engine; line: number };
  /** A line asking an engine for its version (`vllm --version`, `pip show vllm`): the answer follows. */
  versionAsked?: { engine: Engine; line: number };
}

export function newScopeState(): ScopeState {
  return { inFence: false, headings: [], nextHeadingId: 1, segment: [], settings: newSettingsScope() };
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
    for (const st of stated) addSetting(s.settings, st, line, path, `heading "${text}" at line ${line}`, true);
  }
  if (s.launch && level <= s.launch.headingLevel) s.launch = undefined;
  if (s.client && level <= s.client.headingLevel) s.client = undefined;
  s.segment = [];
  s.completed = undefined;
  s.warmup = undefined;
  s.preamble = undefined;
}

/**
 * A launch command drops the comments before it (they were about the previous server) but
 * keeps a banner or separator that introduces it (`/**** Now compare with 2 GPUs ****` + launch).
 */
export function enterLaunch(s: ScopeState, launch: LaunchCommand, line: number): void {
  s.launch = { launch, line, headingLevel: s.headings[s.headings.length - 1]?.level ?? 0 };
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
