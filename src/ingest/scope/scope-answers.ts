/**
 * What the scope around a run says (headings, separators, the launch command), asked once
 * per scope rather than once per run: runs come many to a scope.
 */
import type { Engine, Mode } from '../../model/records';
import { apiOfHeading, engineOfHeading, engineOfLabel, modeOfLabel } from './labels';
import { type Heading, type ScopedLaunch, type ScopeState, segmentLabel } from './state';

/**
 * Provenance texts that only depend on the launch command in scope, made once per launch
 * rather than once per run (the last one is kept: runs come in document order).
 */
let lastLaunch: ScopedLaunch | undefined;
let lastLaunchTexts = { line: NaN, at: '', engineDefault: '' };
export function launchTexts(launch: ScopedLaunch): { at: string; engineDefault: string } {
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
export interface ScopeAnswers {
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

export function scopeAnswers(s: ScopeState): ScopeAnswers {
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
export function namedEngine(s: ScopeState, a: ScopeAnswers): ScopeAnswers['engine'] {
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

/** Heading texts, then the segment's label texts (resolveRun gives each run a copy). */
function scopeLabels(s: ScopeState): string[] {
  const hs = s.headings;
  const seg = s.segment;
  const out: string[] = new Array<string>(hs.length + seg.length);
  for (let k = 0; k < hs.length; k++) out[k] = hs[k]!.text;
  for (let k = 0; k < seg.length; k++) out[hs.length + k] = seg[k]!.text;
  return out;
}
