/**
 * `============ Serving Benchmark Result ============` blocks, printed by vLLM's
 * benchmark_serving.py / `vllm bench serve` and by SGLang's bench_serving (which adds
 * `Backend:`, `Traffic request rate:` and `Max request concurrency:` inside the block).
 * Lines before the title that belong to the benchmark (`Traffic request rate: inf`,
 * `Burstiness factor`, `Maximum request concurrency`, `#Input tokens:`) are read as its preamble.
 *
 * Forks split the block into titled `=` sections (vllm-omni: `Text Result`, `Audio Result`, a
 * `Stage Benchmark Result` with a banner per stage) before its one plain `=====` end rule: still
 * one run. Every `label: value` line lands in `raw`; known labels go through the metric
 * vocabulary, client settings to `client`, anything else under a slug of its label (never dropped).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor, lookupLabel, parseNumber, unitInLabel, unknownMetricKey } from '../../../model/metric-vocabulary';
import type { Engine, FormatName, NumericClientKey } from '../../../model/records';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { setModelFromPath } from '../../exports/model-path';
import { lastAnswer } from '../../last-answer';
import { firstNonSpace } from '../../tables/text-width';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const TITLE = /^\s*=+\s*Serving Benchmark Result\s*=+\s*$/i;
const END = /^\s*={10,}\s*$/;
const SECTION = /^\s*-{3,}\s*(.*?)\s*-{3,}\s*$/;
/** A titled `=` banner: a section inside the block (vllm-omni's `Text Result`), unless it is TITLE. */
const BANNER = /^\s*={3,}\s*([^=\s](?:.*?[^=\s])?)\s*={3,}\s*$/;
const STAGE_TITLE = /^Stage\b/i;
const LABEL_VALUE = /^\s*(#?[A-Za-z_][^:]*?)\s*:\s*(.*?)\s*$/;

/** Lines the benchmark prints before its result (and that may sit between them: progress bars). */
const PREAMBLE: RegExp[] = [
  /^\s*Traffic request rate:/i,
  /^\s*Burstiness factor:/i,
  /^\s*Max(imum)? re(qu|qeu)est concurrency:/i,
  /^\s*#(Input|Output) tokens:/i,
  /^\s*Starting initial single prompt test run/i,
  /^\s*Initial test run completed/i,
  /^\s*Starting main benchmark run/i,
];
const PROGRESS = /^\s*(\d+%\s*\|.*\||.*\d+\/\d+ \[\d)/; // tqdm lines

/** How far (in lines) a preamble line may sit above the title. */
const PREAMBLE_REACH = 8;

/** The PREAMBLE patterns as one regex (each is `^\s*` + text, all case-insensitive): one test per line instead of seven. */
const ANY_PREAMBLE = new RegExp(`^\\s*(?:${PREAMBLE.map((p) => p.source.replace(/^\^\\s\*/, '')).join('|')})`, 'i');

function isPreamble(line: string | undefined): boolean {
  return line !== undefined && ANY_PREAMBLE.test(line);
}

/**
 * Index of the title line if lines[i] starts a block (the title itself or its preamble).
 * Both readers (SGLang, then vLLM) ask about the same line in turn: the last answer is kept.
 */
const titleFrom = lastAnswer(titleFromUncached);

function titleFromUncached(lines: readonly string[], i: number): number | undefined {
  const line = lines[i];
  if (line === undefined) return undefined;
  if (TITLE.test(line)) return i;
  if (!isPreamble(line)) return undefined;
  for (let j = i + 1; j < lines.length && j <= i + PREAMBLE_REACH; j++) {
    const l = lines[j] ?? '';
    if (TITLE.test(l)) return j;
    if (isPreamble(l) || PROGRESS.test(l) || isBlank(l)) continue;
    return undefined;
  }
  return undefined;
}

/** SGLang's block prints `Backend:` first, or `#Input tokens:` before it. */
function looksLikeSglang(lines: readonly string[], start: number, title: number): boolean {
  for (let j = start; j < title; j++) if (/^\s*#(Input|Output) tokens:/i.test(lines[j] ?? '')) return true;
  for (let j = title + 1; j < lines.length && j <= title + 4; j++) {
    if (/^\s*Backend\s*:/i.test(lines[j] ?? '')) return true;
  }
  return false;
}

const ENGINE_BY_BACKEND: ReadonlyArray<[RegExp, Engine]> = [
  [/^sglang/i, 'sglang'],
  [/^vllm/i, 'vllm'],
  [/^(lmdeploy)/i, 'other'],
  [/^(trt|tensorrt)/i, 'trtllm'],
  [/^tgi/i, 'tgi'],
];

function engineFromBackend(backend: string): Engine | undefined {
  for (const [re, e] of ENGINE_BY_BACKEND) if (re.test(backend)) return e;
  return undefined;
}

/**
 * One `label: value` line: raw always; then client setting, vocabulary metric, or a slug of the
 * label (`slugOnly`: always the slug).
 */
function applyLine(
  run: PartialRun,
  label: string,
  value: string,
  file: string,
  index: number,
  diagnostics: Diagnostic[],
  slugOnly = false,
): void {
  setOwn(run.raw, label, value);
  if (/^#(input|output) tokens$/i.test(label)) return; // SGLang echoes the totals it will send: raw only
  if (/^backend$/i.test(label) || /^burstiness factor$/i.test(label)) return;
  // Scripts in this block's shape print the model they sent to (`Model: qwen2.5`): the run's model.
  if (/^model(?:[ _]?(?:id|name))?$/i.test(label) && /^[\w./:@-]{1,200}$/.test(value.trim())) {
    setModelFromPath(run, value.trim());
    run.provenance.model = `"${label}" line of the result block`;
    return;
  }
  // A section-prefixed label is never read by meaning: `Stage 0 Mean TTFT (ms)` is not the run's TTFT.
  const meaning = slugOnly ? undefined : lookupLabel(label);
  const n = parseNumber(value);
  if (meaning?.kind === 'client') {
    if (n.value === undefined) return; // inf, None, not set: absent, raw kept
    if (meaning.key === 'url' || meaning.key === 'model_path') {
      (run.client ??= {})[meaning.key] = value;
      return;
    }
    (run.client ??= {})[meaning.key as NumericClientKey] = n.value;
    return;
  }
  if (n.lossy) {
    diagnostics.push(diag('warning', 'cell-lossy', `"${label}" value is truncated: ${value}`, file, index));
    if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
    return;
  }
  if (n.value === undefined) {
    if (!n.missing) diagnostics.push(diag('warning', 'cell-unparsed', `"${label}" value is not a number: ${value}`, file, index));
    return;
  }
  if (meaning?.kind === 'metric') {
    setOwn(run.metrics, meaning.key, applyFactor(n.value, meaning.factor));
    return;
  }
  setOwn(run.metrics, unknownMetricKey(label, unitInLabel(label) ?? (n.unit === '%' ? '%' : undefined)), n.value);
}

/** `Per-position acceptance (%)` + `Position 0` → `Per-position acceptance Position 0 (%)`: the unit stays last. */
function inGroup(group: string, label: string): string {
  const unit = /\s*(\([^()]+\))\s*$/.exec(group);
  return unit ? `${group.slice(0, unit.index)} ${label} ${unit[1]}` : `${group} ${label}`;
}

function readServingBlock(lines: readonly string[], start: number, file: string, format: FormatName): BlockResult {
  const title = titleFrom(lines, start);
  if (title === undefined) return emptyResult(start + 1);
  const diagnostics: Diagnostic[] = [];
  const run = partialRun(format, title, 'Serving Benchmark Result');
  for (let j = start; j < title; j++) {
    const m = LABEL_VALUE.exec(lines[j] ?? '');
    if (m?.[1] && isPreamble(lines[j])) applyLine(run, m[1], m[2] ?? '', file, j, diagnostics);
  }
  const { next, closed } = readBlockLines(run, lines, title + 1, file, diagnostics);
  if (!closed) {
    diagnostics.push(diag('warning', 'table-truncated', 'benchmark result block has no closing ===== line', file, next - 1));
    run.flags.push('truncated');
  }
  blockEngine(run, format, title);
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return { next, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** Where the block's reader is: the group heading over indented lines, the titled `=` section, a pipeline stage. */
interface BlockState {
  /** `Per-position acceptance (%):` with no value heads the indented lines under it (speculative decoding). */
  group?: { label: string; indent: number };
  /** The latest heading (`=` banner or `-` sub-heading): it names a repeated label's second value. */
  heading?: string;
  /** `Stage 0 (thinker)`: lines under a stage banner are that stage's, not the run's. */
  stage?: string;
  /** Labels read in the block so far, with the first value and its line. */
  seen: Map<string, { value: string; index: number }>;
}

/**
 * The block's `label: value` lines from lines[from] to its closing ===== line (`closed`), or
 * to the first line that is not the block's. Returns the index after them. Titled `=` banners
 * (`==== Text Result ====`, vllm-omni) divide the block like the `----` sub-headings do.
 */
function readBlockLines(
  run: PartialRun,
  lines: readonly string[],
  from: number,
  file: string,
  diagnostics: Diagnostic[],
): { next: number; closed: boolean } {
  const state: BlockState = { seen: new Map() };
  for (let j = from; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const c = firstCharCode(line);
    // Rules and headings start with `=` or `-`, labels never: the regexes run only on such lines.
    if (c === EQUALS) {
      if (END.test(line)) return { next: j + 1, closed: true };
      const title = innerBanner(lines, j);
      if (title === undefined) return { next: j, closed: false };
      enterSection(state, title);
      continue;
    }
    if (c === DASH) {
      const m = SECTION.exec(line);
      if (m) {
        state.heading = m[1] || state.heading;
        continue;
      }
    }
    if (c === undefined) {
      // A blank line inside the block is tolerated only when the block goes on after it.
      if (goesOn(lines, j + 1)) continue;
      return { next: j, closed: false };
    }
    const m = LABEL_VALUE.exec(line);
    if (!m?.[1]) return { next: j, closed: false };
    const indent = indentOf(line);
    if (state.group && indent <= state.group.indent) state.group = undefined;
    if ((m[2] ?? '') === '' && LABEL_VALUE.test(lines[j + 1] ?? '') && indentOf(lines[j + 1] ?? '') > indent) {
      setOwn(run.raw, scoped(state, m[1]), '');
      state.group = { label: m[1], indent };
      continue;
    }
    const label = state.group ? inGroup(state.group.label, m[1]) : m[1];
    blockLine(run, state, label, m[2] ?? '', file, j, diagnostics);
  }
  return { next: lines.length, closed: false };
}

/**
 * One `label: value` line of the block. A stage's lines are kept under the stage's name. A
 * label printed again (vllm-omni prints `Peak concurrent requests` in the block and in its Text
 * section) is one metric when the value is the same; with another value the first stays the
 * run's (it is the block-wide one, printed before any section) and the second is kept under a
 * slug prefixed with its section, with a warning.
 */
function blockLine(
  run: PartialRun,
  state: BlockState,
  label: string,
  value: string,
  file: string,
  index: number,
  diagnostics: Diagnostic[],
): void {
  if (state.stage !== undefined) {
    applyLine(run, `${state.stage} ${label}`, value, file, index, diagnostics, true);
    return;
  }
  const first = state.seen.get(label);
  if (first === undefined) {
    state.seen.set(label, { value, index });
    applyLine(run, label, value, file, index, diagnostics);
    return;
  }
  if (sameValue(first.value, value)) return;
  const where = state.heading ?? `line ${index + 1}`;
  const message = `"${label}" is printed again with another value (${value}; ${first.value} at line ${first.index + 1}): the first is kept, this one as "${where} ${label}"`;
  diagnostics.push(diag('warning', 'conflicting-context', message, file, index));
  applyLine(run, `${where} ${label}`, value, file, index, diagnostics, true);
}

function sameValue(a: string, b: string): boolean {
  if (a === b) return true;
  const x = parseNumber(a).value;
  return x !== undefined && x === parseNumber(b).value;
}

function enterSection(state: BlockState, title: string): void {
  state.group = undefined;
  state.heading = title;
  // `Stage Benchmark Result`, then `Stage 0 (thinker)`, `Stage 1 (talker)`…: per-stage figures.
  if (STAGE_TITLE.test(title)) state.stage = title;
}

/** The raw key of a group heading: under a stage, the stage's. */
function scoped(state: BlockState, label: string): string {
  return state.stage === undefined ? label : `${state.stage} ${label}`;
}

/**
 * The title of a titled `=` banner inside a block (`===== Audio Result =====`), or undefined
 * when the line is no such banner: another result title (a new block, a new run), or a banner
 * that no block line follows (what comes after is not this block's).
 */
function innerBanner(lines: readonly string[], j: number, depth = 0): string | undefined {
  const line = lines[j] ?? '';
  const m = BANNER.exec(line);
  if (!m?.[1] || TITLE.test(line)) return undefined;
  let k = j + 1;
  const under = lines[k];
  if (under !== undefined && firstCharCode(under) === undefined) k++; // one blank line under the banner
  const next = lines[k];
  if (next === undefined) return undefined;
  const c = firstCharCode(next);
  if (c === EQUALS) return END.test(next) || (depth < 2 && innerBanner(lines, k, depth + 1) !== undefined) ? m[1] : undefined;
  if (c === DASH) return SECTION.test(next) ? m[1] : undefined;
  return c !== undefined && LABEL_VALUE.test(next) ? m[1] : undefined;
}

/** Whether lines[j] (after a blank one) is still the block's. */
function goesOn(lines: readonly string[], j: number): boolean {
  const line = lines[j];
  if (line === undefined) return false;
  const c = firstCharCode(line);
  if (c === EQUALS) return END.test(line) || innerBanner(lines, j) !== undefined;
  if (c === DASH) return SECTION.test(line);
  return c !== undefined && LABEL_VALUE.test(line);
}

const EQUALS = 61;
const DASH = 45;

/** The char code of the line's first character that is not `\s` (as the regexes see it); undefined for a blank line. */
function firstCharCode(line: string): number | undefined {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 128 || !WHITE.test(line[i] ?? '')) return c;
  }
  return undefined;
}

const WHITE = /\s/;

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}

/** The engine the block names (`Backend: sglang`), else the tool's own; a launch command in scope wins later. */
function blockEngine(run: PartialRun, format: FormatName, title: number): void {
  const backend = Object.entries(run.raw).find(([k]) => /^backend$/i.test(k))?.[1];
  const fromBackend = backend ? engineFromBackend(backend) : undefined;
  if (fromBackend) {
    run.engine = fromBackend;
    run.provenance.engine = `"Backend: ${backend}" in the benchmark result block at line ${title + 1}`;
  } else {
    run.engine = format === 'sglang-bench' ? 'sglang' : 'vllm';
    run.provenance.engine = `${format === 'sglang-bench' ? 'SGLang bench_serving' : 'vLLM benchmark_serving'} result block (format ${format}) at line ${title + 1}; a launch command in scope wins`;
  }
}

/** A result block commented out or quoted (`# ====… Serving Benchmark Result …====`, `// `, `> `): its prefix. */
const COMMENTED_TITLE = /^(\s*(?:#+|\/\/|--|;+|>+)[ \t]?)\s*=+\s*Serving Benchmark Result\s*=+\s*$/i;
/** How many lines a commented block may run to. */
const COMMENTED_REACH = 400;

/**
 * The lines of a commented-out block starting at lines[i] with their prefix taken off (line
 * numbers kept, nothing before i), up to the first line without it; undefined when lines[i] is
 * no commented title. A shell script or notes keep results this way (`# Mean TTFT (ms): …`).
 */
function commentedView(lines: readonly string[], i: number): string[] | undefined {
  const prefix = commentedStart(lines, i);
  if (prefix === undefined) return undefined;
  const bare = prefix.trimEnd();
  const view: string[] = [];
  view.length = i;
  for (let j = i; j < lines.length && j < i + COMMENTED_REACH; j++) {
    const l = lines[j] ?? '';
    if (l.startsWith(prefix)) view.push(l.slice(prefix.length));
    else if (l.trimEnd() === bare) view.push('');
    else break;
  }
  return view;
}

const COMMENT_PREFIX = /^(\s*(?:#+|\/\/|--|;+|>+)[ \t]?)/;

/** The comment prefix of a commented block's title at lines[i], or of a commented preamble line a little above it. */
function commentedStart(lines: readonly string[], i: number): string | undefined {
  const line = lines[i];
  if (line === undefined) return undefined;
  // Asked at every line: most start with no comment mark at all.
  const first = line.charCodeAt(firstNonSpace(line));
  if (first !== 0x23 && first !== 0x2f && first !== 0x2d && first !== 0x3b && first !== 0x3e) return undefined; // # / - ; >
  if (line.includes('Serving Benchmark Result')) return COMMENTED_TITLE.exec(line)?.[1];
  const prefix = COMMENT_PREFIX.exec(line)?.[1];
  if (prefix === undefined || !isPreamble(line.slice(prefix.length))) return undefined;
  for (let j = i + 1; j < lines.length && j <= i + PREAMBLE_REACH; j++) {
    const l = lines[j] ?? '';
    if (!l.startsWith(prefix.trimEnd())) return undefined;
    if (l.includes('Serving Benchmark Result')) return COMMENTED_TITLE.exec(l)?.[1] === prefix ? prefix : undefined;
  }
  return undefined;
}

/** The lines a block at lines[i] is read from: the lines themselves, or a commented block's view. */
function blockLines(lines: readonly string[], i: number): readonly string[] | undefined {
  if (titleFrom(lines, i) !== undefined) return lines;
  return commentedView(lines, i);
}

function makeReader(format: 'vllm-bench' | 'sglang-bench'): BlockReader {
  const sglang = format === 'sglang-bench';
  return {
    name: format,
    startsAt(lines, i) {
      const view = blockLines(lines, i);
      const title = view ? titleFrom(view, i) : undefined;
      return view !== undefined && title !== undefined && looksLikeSglang(view, i, title) === sglang;
    },
    read: guardedRead('benchmark result block', (lines, i, file) => readServingBlock(blockLines(lines, i) ?? lines, i, file, format)),
  };
}

/** SGLang bench_serving result blocks (asked before the vLLM reader: it is the more specific). */
export const sglangBenchReader: BlockReader = makeReader('sglang-bench');
/** vLLM benchmark_serving.py / `vllm bench serve` result blocks. */
export const vllmBenchReader: BlockReader = makeReader('vllm-bench');
