/**
 * Hand-written comparisons, as people paste them into issues and forum posts: lines of
 * `Key: A vs B` (`Tokens per second: 46 vs 43`, `Load: 10s vs 15s`), each giving one value per
 * side, with the sides named by a line above (`Inferencer 1.10.7 vs LM Studio 0.4.8 (build 1)`).
 * Each side is one run: its `Key: value` lines are read by the key/value reader as a block of
 * their own, so a side is a run only when a key names a performance metric (meaning, not
 * position). A token count a key states (`Processing of 6300 token prompt`) is the runs' input
 * length. Sides not named above are called `side 1`, `side 2`, and an info says so.
 *
 * The other hand-written shape lists one subject per line: `- Ollama 0.5.1: 28.4 tok/s` /
 * `- LM Studio 0.3.6: 39.9 tok/s, TTFT 0.31 s`. A line is a run of its subject when the key
 * names no quantity and the first value is a token rate; two such lines or more make the list.
 */

import type { Diagnostic } from '../model/diagnostics';
import { hasMetricWord } from '../model/label-meaning';
import { lookupLabel } from '../model/metric-vocabulary';
import { partialRun } from './blocks/common';
import { keyValueReader } from './blocks/key-value';
import { settingsOfProse } from './context/prose-settings';
import { settingKeyOf } from './context/settings-vocabulary';
import type { BlockReader, BlockResult, PartialRun } from './types';

/** The word between the sides. */
const VS = /\s+(?:vs\.?|versus)\s+/i;
/** One comparison line: an optional list marker, a key, a colon, the sides. */
const LINE = /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*)?([^:：|]{2,80}?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?(.+?)(?:\*\*)?\s*$/;
/** A side's value: a number and an optional unit (`10s`, `46`, `0.2 s`, `46 tok/s`, `~13 ms`). */
const VALUE = /^~?[-+]?\d[\d,]*(?:\.\d+)?\s*(?:[A-Za-zµ%]+(?:\/[A-Za-z]+)?)?$/;
/** How far above the comparison the line naming its sides may be. */
const NAMES_REACH = 12;
/** Words that close a side's name in the naming line (`LM Studio 0.4.8 (build 1), latest …`). */
const NAME_END = /\s*(?:[,(;:[]|\s-\s|\s(?:on|with|for|in|using|at|under)\s).*$/i;
/** Words that open the naming line rather than name a side (`Comparing A vs B`). */
const NAME_START = /^.*?\b(?:comparing|comparison(?:\s+of)?|between|benchmarks?(?:\s+of)?|results?\s+(?:of|for))\s+/i;
/** Words after a side's name that are about the comparison (`LM Studio speed`). */
const NAME_TAIL = /\s+(?:speed|performance|throughput|latency|results?|benchmarks?)$/i;
const MAX_SIDES = 6;

interface ComparisonLine {
  key: string;
  sides: string[];
}

function comparisonLine(line: string | undefined): ComparisonLine | undefined {
  if (line === undefined || line.length > 300 || !VS.test(line)) return undefined;
  const m = LINE.exec(line);
  if (!m?.[1] || !m[2]) return undefined;
  const sides = m[2].split(VS).map((s) => s.trim());
  if (sides.length < 2 || sides.length > MAX_SIDES || !sides.every((s) => VALUE.test(s))) return undefined;
  return { key: m[1].trim(), sides };
}

function cleanName(side: string, first: boolean): string {
  let name = side.replace(NAME_END, '').trim();
  if (first) name = name.replace(NAME_START, '').replace(/^#+\s*/, '');
  return name
    .replace(NAME_TAIL, '')
    .replace(/[*`_]+/g, '')
    .trim();
}

/** The names of `count` sides from the nearest line above that opposes as many (`A vs B`). */
function sideNames(lines: readonly string[], i: number, count: number): { names: string[]; line: number } | undefined {
  for (let k = i - 1; k >= Math.max(0, i - NAMES_REACH); k--) {
    const text = lines[k] ?? '';
    if (!VS.test(text) || comparisonLine(text)) continue;
    const parts = text.split(VS);
    if (parts.length !== count) continue;
    const names = parts.map((p, n) => cleanName(p, n === 0));
    if (names.every((n) => n.length > 0 && n.length <= 40 && n.split(/\s+/).length <= 5)) return { names, line: k };
  }
  return undefined;
}

/** One side's lines as a key/value block, read by the key/value reader; the run placed at the comparison. */
function sideRun(block: readonly ComparisonLine[], side: number, at: number, file: string): PartialRun | undefined {
  const own = block.map((l) => `${l.key}: ${l.sides[side]}`);
  if (!keyValueReader.startsAt(own, 0)) return undefined;
  const read = keyValueReader.read(own, 0, file);
  const run = read.runs[0];
  if (!run || Object.keys(run.metrics).length === 0) return undefined;
  run.startLine = at;
  for (const [k, v] of Object.entries(run.provenance)) {
    run.provenance[k] = v.replace(/\bat line (\d+)/g, (_m, n: string) => `at line ${Number(n) + at}`);
  }
  return run;
}

function readComparison(lines: readonly string[], i: number, file: string): BlockResult {
  const first = comparisonLine(lines[i]);
  const count = first?.sides.length ?? 0;
  const block: ComparisonLine[] = [];
  let k = i;
  for (let c = comparisonLine(lines[k]); c && c.sides.length === count; c = comparisonLine(lines[++k])) block.push(c);
  const named = sideNames(lines, i, count);
  const diagnostics: Diagnostic[] = [];
  const runs: PartialRun[] = [];
  const lengths = block.flatMap((l) => settingsOfProse(l.key)).filter((s) => s.key === 'input_len' || s.key === 'output_len');
  for (let side = 0; side < count; side++) {
    const run = sideRun(block, side, i, file);
    if (!run) continue;
    run.row = side + 1;
    run.title = named?.names[side] ?? `side ${side + 1}`;
    run.provenance.title = named
      ? `side ${side + 1} of the comparison named at line ${named.line + 1}`
      : `side ${side + 1} of the comparison at line ${i + 1}`;
    for (const s of lengths) {
      const client = (run.client ??= {});
      if (client[s.key as 'input_len'] !== undefined) continue;
      client[s.key as 'input_len'] = Number(s.value);
      run.provenance[`client.${s.key}`] = `"${s.name}" in a key of the comparison at line ${i + 1}`;
    }
    runs.push(run);
  }
  if (runs.length > 0 && !named) {
    diagnostics.push({
      severity: 'info',
      code: 'context-missing',
      message: `the sides of the comparison at line ${i + 1} are not named above it: runs titled side 1 … side ${count}`,
      file,
      line: i + 1,
    });
  }
  return { next: runs.length > 0 ? k : i + 1, runs, env: [], samples: [], diagnostics };
}

export const comparisonLinesReader: BlockReader = {
  name: 'key-value',
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (line.indexOf('vs') < 0 && line.indexOf('VS') < 0 && line.indexOf('versus') < 0) return false;
    return comparisonLine(line) !== undefined && !comparisonLine(lines[i - 1]);
  },
  read: readComparison,
};

/** `- Subject: 28.4 tok/s[, more]`: the subject, the token rate, the rest. */
const SUBJECT_LINE =
  /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*)?([^:：|]{1,60}?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?(~?\d[\d,]*(?:\.\d+)?)\s*(tok(?:en)?s?\/s(?:ec)?|t\/s|tk\/s|tps|tokens?[ -]per[ -]sec(?:ond)?)\b(?:\*\*)?(.*)$/i;
/** A further figure on the line: `TTFT 0.31 s`, `load: 2.1s`, `1.2 GB VRAM` is left out. */
const MORE = /^\s*([A-Za-z][\w ()/.-]{0,40}?)\s*[:=]?\s*(\d[\d,]*(?:\.\d+)?)\s*([A-Za-zµ%/]+)?\s*$/;

interface SubjectLine {
  subject: string;
  lines: string[];
  rate: number;
  /** The rate as written (`28.4 tok/s`). */
  text: string;
}

function subjectLine(line: string | undefined): SubjectLine | undefined {
  if (line === undefined || line.length > 300 || line.indexOf(':') < 0) return undefined;
  const m = SUBJECT_LINE.exec(line);
  const subject = m?.[1]?.trim();
  if (!m || !subject || !/[A-Za-z]/.test(subject)) return undefined;
  // `Decode: 45 tok/s` is a quantity, not a subject: one run's metric, left to the key/value reader.
  if (lookupLabel(subject, { unit: m[3] }) || hasMetricWord(subject) || settingKeyOf(subject)) return undefined;
  const lines = [`Throughput: ${m[2]} ${m[3]}`];
  for (const part of (m[4] ?? '').split(/[,;]/)) {
    const more = MORE.exec(part.replace(/[*()]/g, ' '));
    if (more?.[1] && more[2]) lines.push(`${more[1].trim()}: ${more[2]}${more[3] ? ` ${more[3]}` : ''}`);
  }
  return { subject, lines, rate: Number((m[2] ?? '').replace(/[~,]/g, '')), text: `${m[2]} ${m[3]}` };
}

/** A line with the token rate alone (one key/value line is no block): the subject's generation rate. */
function rateOnly(c: SubjectLine): PartialRun {
  const run = partialRun('key-value', 0);
  run.metrics.output_tps = c.rate;
  run.raw[c.subject] = c.text;
  run.provenance['metrics.output_tps'] = `"${c.text}" at line 1: a token rate that names no direction: read as generated (output) tokens`;
  return run;
}

function readSubjects(lines: readonly string[], i: number, file: string): BlockResult {
  const runs: PartialRun[] = [];
  const seen = new Set<string>();
  let k = i;
  for (let c = subjectLine(lines[k]); c && !seen.has(c.subject); c = subjectLine(lines[++k])) {
    seen.add(c.subject);
    const run = keyValueReader.startsAt(c.lines, 0) ? keyValueReader.read(c.lines, 0, file).runs[0] : rateOnly(c);
    if (!run || Object.keys(run.metrics).length === 0) continue;
    run.startLine = k;
    run.title = c.subject;
    // The rate was written after the subject, not after a `Throughput` key.
    if (Object.hasOwn(run.raw, 'Throughput')) {
      delete run.raw.Throughput;
      run.raw = { [c.subject]: c.text, ...run.raw };
    }
    run.provenance.title = `subject of the list line ${k + 1} (one run per subject)`;
    for (const [key, v] of Object.entries(run.provenance)) {
      if (key !== 'title') run.provenance[key] = v.replace(/\bat line \d+/g, `at line ${k + 1}`);
    }
    runs.push(run);
  }
  return { next: runs.length > 1 ? k : i + 1, runs: runs.length > 1 ? runs : [], env: [], samples: [], diagnostics: [] };
}

export const subjectLinesReader: BlockReader = {
  name: 'key-value',
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (!/\d\s*(?:t|tok|token|tk)/i.test(line)) return false;
    const here = subjectLine(line);
    return here !== undefined && subjectLine(lines[i + 1]) !== undefined && subjectLine(lines[i - 1]) === undefined;
  },
  read: readSubjects,
};
