/**
 * Settings stated in the document (settings lists, `key: value` lines, environment variables,
 * manifests, version lines), kept with where they were stated: the section path (heading ids
 * from the top) and the line. For a run, the NEAREST statement of each setting wins:
 *   1. one stated in the run's own section or an enclosing one (the deeper, the nearer; then
 *      the later line);
 *   2. else one carried from an earlier section that had no run of its own (a `## Setup`
 *      section before `## Results`): the latest.
 * A later statement in the same section replaces the earlier one (a sweep: `export
 * CONCURRENCY=8`, runs, `export CONCURRENCY=16`, runs). When a section closes, its statements
 * that a run of that section used go with it; the others (a setup section's) are carried on. Statements in force that
 * disagree with the one chosen are reported once per pair (`conflicting-context`).
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { Engine } from '../../model/records';
import { modelKey } from '../context/model-mention';
import type { Setting, SettingKey, SettingValue } from '../context/settings-vocabulary';
import { alternativeFor } from './list-alternatives';
import type { LoopSteps } from './loop-steps';

export interface ScopedSetting {
  key: SettingKey;
  value: SettingValue;
  engine?: Engine;
  /** 1-based line. */
  line: number;
  /** Heading ids from the top when it was stated (the section it belongs to). */
  path: readonly number[];
  /** Provenance: where it was stated (`"TP: 4" at line 12`). */
  source: string;
  /** Whether a run in its own section (or one inside it) has used it. */
  used: boolean;
  /** A heading's statement: about its own section only, never carried past it. */
  sectionOnly?: boolean;
  /** A running server's logged arguments: about that server only, ended by the next launch command. */
  server?: boolean;
  /** Stated inside shell loops: each pass's value, taken by the runs in output order (loop-steps.ts). */
  steps?: LoopSteps<SettingValue>;
  /** Inferred (a model named in prose without the word): fills an empty field only, loses to any statement. */
  inferred?: boolean;
  /** An item of a settings list (`- Model: X`): a second value in the same list is an alternative, not a replacement. */
  listed?: boolean;
  /** The list line just above it (`- MLX: 0.21`): what the item is about, matched against a run's heading. */
  subject?: string;
  /** Other values the same list gave this setting before it, no run between (see `addSetting`). */
  rivals?: ScopedSetting[];
}

/** How many lines apart two items of one settings list may be. */
const LIST_REACH = 8;

export interface SettingsScope {
  list: ScopedSetting[];
  /** Conflicts already reported (`key:lineA:lineB`). */
  reported: Set<string>;
  /** The model the text has named so far without the word (its comparison key), or `several`: none is inferred. */
  namedModel?: string;
}

export function newSettingsScope(): SettingsScope {
  return { list: [], reported: new Set() };
}

function sameSlot(a: ScopedSetting, b: { key: SettingKey; engine?: Engine }): boolean {
  return a.key === b.key && a.engine === b.engine;
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Whether `prefix` is `path` or one of its enclosing sections. */
function encloses(prefix: readonly number[], path: readonly number[]): boolean {
  if (prefix.length > path.length) return false;
  for (let k = 0; k < prefix.length; k++) if (prefix[k] !== path[k]) return false;
  return true;
}

/** Two statements of the same thing (`NVIDIA H100 80GB HBM3` and `H100`, `v0.8.5` and `0.8.5`). */
export function same(key: SettingKey, a: SettingValue, b: SettingValue): boolean {
  if (a === b) return true;
  if (key === 'gpu' || key === 'model' || key === 'version') {
    const x = String(a)
      .toLowerCase()
      .replace(/^v(?=\d)/, '');
    const y = String(b)
      .toLowerCase()
      .replace(/^v(?=\d)/, '');
    return x === y || (key !== 'version' && (x.includes(y) || y.includes(x)));
  }
  return false;
}

export type StatementKind = Pick<ScopedSetting, 'sectionOnly' | 'server' | 'steps' | 'inferred' | 'listed' | 'subject'>;

/**
 * Records a statement; it replaces an earlier statement of the same setting in the same section
 * (a sweep: a value, its runs, the next value); two items of one settings list, no run between,
 * are alternatives instead (list-alternatives.ts).
 */
export function addSetting(
  scope: SettingsScope,
  setting: Setting,
  line: number,
  path: readonly number[],
  source: string,
  kind: StatementKind = {},
): void {
  // A model stated outright counts among the models the text names (a second one ends inference).
  if (setting.key === 'model' && !kind.inferred) nameModel(scope, modelKey(String(setting.value)), () => {});
  const earlier = kind.listed ? scope.list.find((s) => sameSlot(s, setting) && samePath(s.path, path)) : undefined;
  scope.list = scope.list.filter((s) => !(sameSlot(s, setting) && samePath(s.path, path)));
  const scoped: ScopedSetting = { key: setting.key, value: setting.value, line, path: [...path], source, used: false };
  if (setting.engine) scoped.engine = setting.engine;
  if (kind.sectionOnly) scoped.sectionOnly = true;
  if (kind.server) scoped.server = true;
  if (kind.steps) scoped.steps = kind.steps;
  if (kind.inferred) scoped.inferred = true;
  if (kind.listed) scoped.listed = true;
  if (kind.subject !== undefined) scoped.subject = kind.subject;
  if (earlier?.listed && !earlier.used && !same(setting.key, earlier.value, setting.value) && line - earlier.line <= LIST_REACH) {
    const { rivals, ...first } = earlier;
    scoped.rivals = [...(rivals ?? []), first];
  }
  scope.list.push(scoped);
}

/**
 * The text names a model without the word (`I ran Llama 3 8B …`): stated as inferred while it is
 * the only model named so far; a second, different name ends all inference (the text compares models).
 */
export function nameModel(scope: SettingsScope, key: string, add: () => void): void {
  const seen = scope.namedModel;
  if (seen === 'several') return;
  if (seen !== undefined && !seen.includes(key) && !key.includes(seen)) {
    scope.namedModel = 'several';
    scope.list = scope.list.filter((s) => !s.inferred);
    return;
  }
  scope.namedModel ??= key;
  add(); // again when named again: the earlier statement may have closed with its section
}

/** A new server was launched: what the previous one's logged arguments said no longer holds. */
export function endServerStatements(scope: SettingsScope): void {
  if (scope.list.some((s) => s.server)) scope.list = scope.list.filter((s) => !s.server);
}

/**
 * Sections outside `open` (heading ids still open) have closed: their used statements go, and
 * their headings'. Of the statements carried on, only the latest of each setting stays (the
 * nearest rule would pick it anyway), so that a long log of sections keeps a bounded list.
 */
export function closeSections(scope: SettingsScope, open: readonly number[]): void {
  if (scope.list.length === 0) return;
  const kept = scope.list.filter((s) => !(s.used || s.sectionOnly) || encloses(s.path, open));
  scope.list = kept.filter(
    (s) => encloses(s.path, open) || !kept.some((o) => o !== s && sameSlot(o, s) && !encloses(o.path, open) && o.line > s.line),
  );
}

export interface ChosenSetting {
  chosen: ScopedSetting;
  /** Statements in force that say otherwise (reported once each). */
  others: ScopedSetting[];
}

/** Orders statements for a run at `path`: in-scope ones by depth then line, carried ones by line. */
function nearer(a: ScopedSetting, b: ScopedSetting, path: readonly number[]): boolean {
  if (a.inferred !== b.inferred) return !a.inferred;
  const ia = encloses(a.path, path);
  const ib = encloses(b.path, path);
  if (ia !== ib) return ia;
  if (ia && a.path.length !== b.path.length) return a.path.length > b.path.length;
  return a.line > b.line;
}

/**
 * The nearest statement of every setting for a run in section `path`. A statement used by a run
 * of its own section is marked used (it goes with its section); one carried from a closed section
 * stays for the runs after.
 */
export function settingsFor(scope: SettingsScope, path: readonly number[], heading?: string): ChosenSetting[] {
  const out: ChosenSetting[] = [];
  for (const listed of scope.list) {
    // A list's alternatives: the one its heading names, else none (a wrong value is worse than none).
    const s = listed.rivals ? alternativeFor([listed, ...listed.rivals], heading) : listed;
    if (!s) continue;
    if (s !== listed && encloses(listed.path, path)) listed.used = true;
    const slot = out.find((c) => sameSlot(c.chosen, s));
    if (!slot) out.push({ chosen: s, others: [] });
    else if (nearer(s, slot.chosen, path)) {
      slot.others.push(slot.chosen);
      slot.chosen = s;
    } else slot.others.push(s);
  }
  for (const c of out) {
    if (encloses(c.chosen.path, path)) c.chosen.used = true;
    c.others = c.others.filter((o) => o.value !== c.chosen.value && !o.inferred);
  }
  return out;
}

/** Whether the conflict between two statements is new (and records it as reported). */
export function firstReport(scope: SettingsScope, a: ScopedSetting, b: ScopedSetting): boolean {
  const id = `${a.key}:${a.line}:${b.line}`;
  if (scope.reported.has(id)) return false;
  if (scope.reported.size < 10_000) scope.reported.add(id);
  return true;
}

/** Two statements of a setting disagree: the kept one and the other, as a `conflicting-context` warning. */
export function conflict(diagnostics: Diagnostic[], file: string, line: number, what: string, kept: string, other: string): void {
  diagnostics.push({
    severity: 'warning',
    code: 'conflicting-context',
    message: `${what}: ${kept} (kept) disagrees with ${other}`,
    file,
    line,
  });
}
