/**
 * One line of a home-made key/value block, taken apart:
 *
 *   [2026-01-05|16:25:57] INFO  TTFT: 126.89 ms (p50: 109.70 ms, max: 1035 ms)   log prefix, stats in parentheses
 *   ║ Avg: 3525.5 ms | P50: 4072.0 ms ║                                         box borders, pairs split by `|`
 *   rate=2.0: 15/16 ok, e2e_mean=16.8s, tok/s=7.0                                 pairs split by commas
 *   event=benchmark threads=1 connections=1                                       `k=v` pairs split by spaces
 *   [BENCHMARK] batch_size 1 input_length 20 latency(ms) 432.51                   `name value` pairs after a tag
 *   ╟───────────╢                                                                 a box rule
 *   [Decode] latency(min, max, ave): 12.1 ms, 14.0 ms, 12.8 ms                    a section tag naming a phase: in the key
 *   Decode.  latency: 0.31 ms, throughput: 3.2 token/s                            a phase word and a period: the same
 *   "tokenThroughput": 3459.39,                                                   a member of pretty-printed JSON
 *
 * Only the shape is read here; what a key means is the block reader's business.
 */
import { detach } from '../../model/detach';
import { splitLabel } from '../../model/label-meaning';
import { TextCache } from '../../model/text-cache';
import { dictLine } from './kv-dict';

export interface KvPair {
  key: string;
  value: string;
}

export type KvLine =
  /**
   * `group`: `Latency: Min: 0.86s | Avg: 0.91s` names the quantity of the statistics after it.
   * `json`: a member of pretty-printed JSON (`"tps": 4.51,`), read as a pair.
   */
  | { kind: 'pairs'; indent: number; pairs: KvPair[]; boxed: boolean; timestamp?: string; group?: string; json?: true }
  /**
   * A line with no pair: a group's name (`Latency (ms):`, `ttft_s`), a box's section heading,
   * or a JSON member that opens an object or an array (`"metrics": {`, `json`).
   */
  | { kind: 'text'; indent: number; text: string; boxed: boolean; colon: boolean; json?: 'object' | 'array' }
  /** A box border: `inner` (╠═╣ ╟─╢ ├─┤) separates sections, otherwise it opens or closes a box. */
  | { kind: 'rule'; inner: boolean };

const MAX_LINE = 400;
const LOG_LEVEL = /^(info|warning|warn|debug|error|critical|note|tip|hint)$/i;
/** `[2026-01-05|16:25:57]`, `[BENCHMARK]`, `[rank0]`: a bracketed tag at the line's start. */
const BRACKET_TAG = /^\[([^\]\n]{1,40})\]\s*/;
/** Also Go's log format, `2024/07/12 02:25:54 `. */
const ISO_TIME = /^(\d{4}[-/]\d{2}[-/]\d{2})[T |_](\d{2}:\d{2}:\d{2})(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s+/;
/** `INFO  ` (a level and spaces, never `INFO:`), vLLM's `INFO 08-27 15:13:36 [file.py:123] `, loguru's `INFO | `. */
const LEVEL =
  /^(?:INFO|WARNING|WARN|DEBUG|NOTICE|TRACE)(?:\s+\d{2}-\d{2}\s+\d{2}:\d{2}:\d{2}(?:\.\d+)?)?(?:\s+\[[^\]\n]{1,80}\]|\s+[\w./-]{1,80}:\d+\])?(?:\s+\|\s*|\s+)(?=\S)/;
/**
 * Python logging's other prefixes: `bench - INFO - ` (a logger name and dashes, after the time),
 * `INFO:__main__:` (basicConfig's default).
 */
const PY_LEVEL = /^(?:(?:[\w.<>-]{1,60}\s+-\s+)?(?:INFO|WARNING|WARN|DEBUG)\s+-\s+|(?:INFO|WARNING|DEBUG):[\w.<>]{1,60}:\s*)(?=\S)/;
/** Spinner frames (braille, quarter circles) a progress display leaves before the line. */
const SPINNER = /^[\u2800-\u28ff\u25d0-\u25d3\u25f4-\u25f7]+\s*/;
const TIME_IN_TAG = /^(\d{4}-\d{2}-\d{2})[T |_](\d{2}:\d{2}:\d{2})/;

/** Box-drawing characters only (U+2500–U+257F), at least three. */
const RULE = /^\s*[\u2500-\u257f]{3,}\s*$/;
const INNER_RULE_START = /^\s*[╠╟├┣╞┝┠]/;
const VERTICAL = /^[║│┃]/;
const VERTICAL_END = /\s*[║│┃]\s*$/;
const BULLET = /^(?:[-*•·+]|\d{1,2}[.)])\s+/;

/** `key: value`, `key = value`, `key ....... value` (the key has a letter and no `:`/`=`). */
const PAIR =
  /^([A-Za-z_#µ%\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}][^:=]{0,80}?)\s*(?:\.{2,}\s*:?|:|=)\s*(\S.*?)\s*$/u;
/** `请求总数: 100 总请求时间: 13.055 秒 successNum: 100`: one-word keys, numbers, spaces between. */
const SPACED_COLONS = /^(?:[\p{L}_][^\s:=,()]{0,29}:\s*[-+]?\d[\d.]*(?:\s*[^\s\d:=,()]{1,8}(?=\s|$))?\s*){2,}$/u;
const SPACED_COLON_PAIR = /([\p{L}_][^\s:=,()]{0,29}):\s*([-+]?\d[\d.]*(?:\s*[^\s\d:=,()]{1,8}(?=\s|$))?)/gu;
/** `k=v k=v …` with no spaces inside a pair. */
const SPACED_EQUALS = /^[A-Za-z_][\w./()-]*=\S+(?:\s+[A-Za-z_][\w./()-]*=\S+)+$/;
/** `name value name value …` after a tag: snake-case names, numbers. */
const NAME_NUMBER = /([a-z][a-z0-9_]*(?:\([^()\s]{1,12}\))?)\s+([-+]?\d+(?:\.\d+)?)(?=\s|$)/g;
const NAME_NUMBER_LINE = /^(?:[a-z][a-z0-9_]*(?:\([^()\s]{1,12}\))?\s+[-+]?\d+(?:\.\d+)?\s*){3,}$/;

interface Stripped {
  body: string;
  timestamp?: string;
  /** A tag or a log prefix was taken off. */
  prefixed: boolean;
  /** `[Prefill] latency(min, max, ave): …`: a tag naming a section of the output (a capitalised word). */
  section?: string;
}

/** A section tag: one or two words, the first capitalised, no digits (not `[rank0]`, `[INFO]`, `[BENCHMARK]`). */
const SECTION_TAG = /^[A-Z][a-z]+(?: [A-Za-z][a-z]+)?$/;

/** Takes a log prefix (bracketed tags, an ISO time, a log level) off the line's start. */
export function stripLogPrefix(line: string): Stripped {
  let body = line.trimStart();
  let timestamp: string | undefined;
  let prefixed = false;
  let section: string | undefined;
  for (let k = 0; k < 3; k++) {
    const tag = BRACKET_TAG.exec(body);
    if (tag) {
      const t = TIME_IN_TAG.exec(tag[1] ?? '');
      if (t) timestamp = `${t[1]}T${t[2]}`;
      else if (SECTION_TAG.test(tag[1] ?? '') && !LOG_LEVEL.test(tag[1] ?? '')) section = tag[1];
      body = body.slice(tag[0].length);
      prefixed = true;
      continue;
    }
    const iso = ISO_TIME.exec(body);
    if (iso) {
      timestamp = `${iso[1]?.replaceAll('/', '-')}T${iso[2]}`;
      body = body.slice(iso[0].length);
      prefixed = true;
      continue;
    }
    break;
  }
  const level = LEVEL.exec(body) ?? PY_LEVEL.exec(body);
  if (level) {
    body = body.slice(level[0].length);
    prefixed = true;
  }
  const out: Stripped = { body, prefixed };
  if (timestamp !== undefined) out.timestamp = timestamp;
  if (section !== undefined) out.section = section;
  return out;
}

/**
 * Cheap test before any regex: a pair needs `:`, `=` or dot leaders, a box a box character, a
 * tag `[`. False when parseKvLine gives undefined for the line.
 */
export function mayHold(line: string): boolean {
  if (line.length === 0 || line.length > MAX_LINE) return false;
  // `---- First token cost 1.2s ----`, `**** … ****`: a banner (bannerPair).
  const c0 = line.charCodeAt(0);
  if ((c0 === 0x2d || c0 === 0x2a || c0 === 0x7e) && line.charCodeAt(1) === c0 && line.charCodeAt(2) === c0) return true;
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c === 0x3a || c === 0x3d || c === 0x5b || c === 0x09 || (c >= 0x2500 && c <= 0x257f)) return true;
    // `key    value`: a TAB (expanded to spaces by hygiene) or spaces between a key and its value.
    if (c === 0x20 && k > 0 && line.charCodeAt(k + 1) === 0x20 && line.charCodeAt(k - 1) !== 0x20) return true;
    if (c === 0x2e && line.charCodeAt(k + 1) === 0x2e) return true; // `key ...... value`
  }
  return false;
}

/** A key as home-made scripts print them: a few words, no table or bracket debris. */
function cleanKey(raw: string): string | undefined {
  let key = raw.trim().replace(/^\*\*|\*\*$/g, '');
  // `Benchmarking done. Iteration: 139`: the key is the last sentence's words.
  const sentence = key.lastIndexOf('. ');
  if (sentence >= 0) key = key.slice(sentence + 2).trim();
  if (
    key === '' ||
    !/[A-Za-z\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(key) ||
    /[|{}<>█▏▎▍▌▋▊▉━]/.test(key)
  )
    return undefined;
  if (/\[/.test(key) && !/^[^[\]]*\[[^[\]]+\]$/.test(key)) return undefined; // only a trailing `[unit]`
  if (LOG_LEVEL.test(key) || key.split(/\s+/).length > 8) return undefined;
  if (/^(https?|file|ftp)$/i.test(key)) return undefined; // `http://…` is not a key
  return key;
}

/** `acme/coder:6.7b-Q4_K_M …`: a model's name and tag (ollama's), not a key and its value. */
const MODEL_TAG = /^[\w.-]+\/[\w.-]+:[\w.]/;

function onePair(text: string): KvPair | undefined {
  const m = PAIR.exec(text);
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  const key = cleanKey(m[1]);
  if (key === undefined || m[2].startsWith('//')) return undefined; // `see http://…` is not a pair
  if (MODEL_TAG.test(text)) return undefined;
  return { key, value: m[2].replace(/^\*\*|\*\*$/g, '').trim() };
}

/** Splits at `sep` outside parentheses and brackets. */
function splitOutside(text: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0) {
      sep.lastIndex = k;
      const m = sep.exec(text);
      if (m && m.index === k) {
        parts.push(text.slice(from, k));
        from = k + m[0].length;
        k = from - 1;
      }
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** Every part a pair, or undefined. */
function allPairs(parts: readonly string[]): KvPair[] | undefined {
  const out: KvPair[] = [];
  for (const p of parts) {
    const pair = onePair(p.trim());
    if (!pair) return undefined;
    out.push(pair);
  }
  return out;
}

/** The pairs of a line's body (several to a line where the line says so). */
export function splitPairs(body: string, prefixed: boolean): KvPair[] | undefined {
  if (/\s[|｜]\s/.test(body)) {
    const piped = allPairs(splitOutside(body, /\s*[|｜]\s*/y));
    if (piped && piped.length > 1) return piped;
  }
  if (SPACED_COLONS.test(body) && /\s\S+:/.test(body)) {
    const pairs = [...body.matchAll(SPACED_COLON_PAIR)].map((m) => ({ key: cleanKey(m[1] ?? ''), value: (m[2] ?? '').trim() }));
    if (pairs.every((p) => p.key !== undefined)) return pairs as KvPair[];
  }
  if (SPACED_EQUALS.test(body)) {
    const spaced = allPairs(body.split(/\s+/));
    if (spaced) return spaced;
  }
  if (prefixed && NAME_NUMBER_LINE.test(body)) {
    return [...body.matchAll(NAME_NUMBER)].map((m) => ({ key: m[1] ?? '', value: m[2] ?? '' }));
  }
  // `k: v, k: v`: a comma followed by the next key.
  const commas = splitOutside(body, /,\s+(?=[A-Za-z_#µ%][^:=,()]{0,60}?\s*[:=]\s*\S)/y);
  if (commas.length > 1) {
    const pairs = allPairs(commas);
    if (pairs) return pairs;
  }
  const one = onePair(body);
  return one ? [one] : undefined;
}

/**
 * `latency 491 usec`, `ttft 180.28ms (± 54.44)`: a name of words, then one figure with its unit
 * and, optionally, its spread in parentheses.
 */
const SPACED_PART =
  /^([A-Za-z][A-Za-z_ -]{0,40}?)\s+([-+]?\d[\d.,]*(?:\s*[A-Za-zµ%][\w/%µ]*)?(?:\s*\(\s*(?:±|\+\/-)\s*\d[\d.]*\s*[A-Za-zµ/%]*\s*\))?)$/;
/** `HTTP: ttft 180.28ms`: a label before the first part. */
const PART_LABEL = /^([A-Za-z][\w .-]{0,30}?):\s+(?=[A-Za-z])/;
const STARTS_WITH_FIGURE = /^[-+]?\d/;

function spacedPart(text: string): KvPair | undefined {
  const m = SPACED_PART.exec(text);
  const key = m?.[1] === undefined ? undefined : cleanKey(m[1]);
  return key === undefined || m?.[2] === undefined ? undefined : { key, value: m[2] };
}

/**
 * A one-line tuple whose parts are not all `key: value`, split by `,` or ` | `:
 *
 *   Concurrency: 1, throughput: 2029.6 infer/sec, latency 491 usec       perf_analyzer's closing lines
 *   HTTP: ttft 180.28ms (± 54.44) | ingestion 76.27 tok/s (± 9.39)       a label, then `name figure unit` parts
 *
 * Every part holds a figure and at least one is `name figure unit` (the others are read by
 * splitPairs); a label before the first part names the line (its group).
 */
export function tupleLine(body: string): { pairs: KvPair[]; label?: string } | undefined {
  const piped = /\s[|｜]\s/.test(body);
  if (!piped && body.indexOf(', ') < 0) return undefined;
  const parts = splitOutside(body, piped ? /\s*[|｜]\s*/y : /,\s+/y).map((p) => p.trim());
  if (parts.length < 2) return undefined;
  const lead = PART_LABEL.exec(parts[0] ?? '');
  // A space after the colon: `HTTP: ttft …` is a label, `http://…` never matches.
  const label = lead?.[1]?.trim();
  if (lead) parts[0] = (parts[0] ?? '').slice(lead[0].length);
  const pairs: KvPair[] = [];
  let spaced = 0;
  for (const part of parts) {
    const colon = onePair(part);
    const pair = colon && STARTS_WITH_FIGURE.test(colon.value) ? colon : spacedPart(part);
    if (!pair) return undefined;
    if (pair !== colon) spaced++;
    pairs.push(pair);
  }
  if (spaced === 0) return undefined;
  return label === undefined ? { pairs } : { pairs, label };
}

/**
 * `key<TAB>value` (TABs are spaces by now: hygiene expands them) or `key   value`: a key of
 * words, a gap of two or more, one figure with at most a one-word unit. A row of an aligned
 * table has more than one figure; prose has no gap.
 */
const GAP_PAIR =
  /^([\p{L}_](?:[^\s:=|\u2500-\u257f]| (?! ))*?)(?:\t+| {2,})([-+]?\d[\d.,]*(?:%| ?[^\s\d,|\u2500-\u257f][^\s,|\u2500-\u257f]{0,15})?)$/u;

function tabPair(body: string): KvPair[] | undefined {
  if (body.indexOf('  ') < 0 && body.indexOf('\t') < 0) return undefined;
  const m = GAP_PAIR.exec(body);
  const key = m?.[1] === undefined ? undefined : cleanKey(m[1]);
  return key === undefined || m?.[2] === undefined ? undefined : [{ key, value: m[2].trim() }];
}

const STAT_KEY = /^(min|max|avg|average|mean|median|p\d{2}(?:\.\d+)?|std|stdev|stddev)$/i;

/**
 * `Latency: Min: 0.86s | Avg: 0.91s`: the first key names a quantity and its value is the
 * first statistic; the pairs become the statistics (the line's group).
 */
function inlineGroup(pairs: KvPair[]): string | undefined {
  const first = pairs[0];
  const inner = first ? /^([A-Za-z][\w.]*)\s*:\s*(\S.*)$/.exec(first.value) : null;
  if (!first || !inner?.[1] || !inner[2] || !STAT_KEY.test(inner[1])) return undefined;
  if (!pairs.slice(1).every((p) => STAT_KEY.test(p.key))) return undefined;
  const group = first.key;
  pairs[0] = { key: inner[1], value: inner[2] };
  return group;
}

/** `30.8 tok/s (avg)`: the statistic word in parentheses after a value, if any. */
export function valueStatWord(value: string): string | undefined {
  return /^[-+]?\d[\d.,]*(?:\s*[^\d\s()][^\s()]*)?\s*\(\s*([A-Za-z][\w.]*)\s*\)$/.exec(value.trim())?.[1];
}

/**
 * Lines read, kept per text (shared, never changed by their users): key-value.ts collects a
 * block again from each of its lines, and logs repeat their lines. Cuts the key/value reader's
 * time on the folder bench by about a third.
 */
const readLines = new TextCache<KvLine | undefined>(4096);

/** `"key": value,` — one member of pretty-printed JSON on its line. */
const JSON_MEMBER = /^"((?:[^"\\\n]|\\.){1,80})"\s*:\s*(.*?)\s*,?\s*$/;

/** A JSON member line as a pair (a string value unquoted), or as a group when it opens an object or array. */
function jsonMember(text: string, indent: number): KvLine | undefined {
  const m = JSON_MEMBER.exec(text);
  if (!m?.[1] || m[2] === undefined || m[2] === '') return undefined;
  const key = m[1];
  const value = m[2];
  if (value === '{' || value === '[')
    return { kind: 'text', indent, text: key, boxed: false, colon: true, json: value === '{' ? 'object' : 'array' };
  const unquoted = /^"(.*)"$/.exec(value)?.[1];
  return { kind: 'pairs', indent, pairs: [{ key, value: unquoted ?? value }], boxed: false, json: true };
}

/**
 * A section tag before the pairs: statistics (`[Latency] P50: 54.4`) are the section's own (its
 * group); other keys (`[Prefill] latency(min, max, ave)`) are named with it, so that two
 * sections' `latency` stay apart and neither reads as the request's.
 */
function sectionOfPairs(section: string | undefined, pairs: KvPair[]): string | undefined {
  if (section === undefined) return undefined;
  if (pairs.every((p) => STAT_KEY.test(p.key))) return section;
  // Only a section that names a quantity or a phase (`Prefill`, `Decode`), not `[Summary]`.
  if ((splitLabel(section)?.symbols.size ?? 0) === 0) return undefined;
  for (let k = 0; k < pairs.length; k++) {
    const p = pairs[k];
    if (p) pairs[k] = { key: `${section} ${p.key}`, value: p.value };
  }
  return undefined;
}

/** A one-line dict's pairs; a name over statistics only (`TTFT: {'mean': 12, 'p99': 40}`) is their group. */
function dictPairs(dict: { pairs: KvPair[]; name?: string }, indent: number, boxed: boolean, timestamp: string | undefined): KvLine {
  const out: KvLine = { kind: 'pairs', indent, pairs: dict.pairs, boxed };
  if (dict.name !== undefined && dict.pairs.every((p) => STAT_KEY.test(p.key))) out.group = dict.name;
  if (timestamp !== undefined) out.timestamp = timestamp;
  return out;
}

/**
 * `Pre: Averages: prompt_tps=439.8, generation_tps=86.4`: a label or two before `k=v` pairs
 * separated by commas; the pairs are the line's (a script printing one result a line).
 */
const LABELLED_EQUALS = /^(?:[A-Za-z][\w .-]{0,30}?:\s+){1,2}([A-Za-z_][\w./()-]*=[^,\s]+(?:,\s*[A-Za-z_][\w./()-]*=[^,\s]+)+)$/;

/**
 * `=========First token cost 110.3764s=========`: a figure with a time or rate unit inside a
 * banner of `=`, `-`, `*` or `~` (a script's per-pass line). A banner of a name and a bare
 * number (`=== concurrency 8 ===`) stays a title.
 */
const BANNER = /^[=*~-]{3,}\s*([A-Za-z][^=*~]*?\d[^=*~]*?)\s*[=*~-]{3,}$/;
const TIMED_OR_RATE = /^[-+]?\d[\d.,]*\s*(?:[µu]?s|ms|ns|sec|secs|seconds?|min|[A-Za-z]+\s*\/\s*(?:s|sec|second))$/i;

function bannerPair(body: string): KvPair[] | undefined {
  const inner = BANNER.exec(body)?.[1];
  if (inner === undefined) return undefined;
  const pair = onePair(inner) ?? spacedPart(inner);
  return pair && TIMED_OR_RATE.test(pair.value) ? [pair] : undefined;
}

/**
 * `Prefill. latency: 5.0 ms, throughput: 204 token/s`: a capitalised phase word and a period
 * before the pairs names their section, as a `[Prefill]` tag does (only a word that names a
 * phase or a quantity: `Note. …` stays as printed).
 */
const PHASE_WORD = /^([A-Z][a-z]{2,15})\.\s+(?=[a-z])/;

function phaseWord(stripped: Stripped): Stripped {
  if (stripped.section !== undefined || stripped.body.charCodeAt(0) > 0x5a) return stripped;
  const m = PHASE_WORD.exec(stripped.body);
  if (!m?.[1] || (splitLabel(m[1])?.symbols.size ?? 0) === 0) return stripped;
  return { ...stripped, body: stripped.body.slice(m[0].length), section: m[1] };
}

/** Reads one line; undefined for a line that is none of the shapes above. */
export function parseKvLine(line: string | undefined): KvLine | undefined {
  if (line === undefined || !mayHold(line)) return undefined;
  // Read from a copy: what the answer keeps (its keys and values) must not keep a chunk alive.
  return readLines.get(line, (text) => readKvLine(detach(text)));
}

function readKvLine(line: string): KvLine | undefined {
  const indent = line.length - line.trimStart().length;
  if (line.charCodeAt(indent) === 0x22) return jsonMember(line.trim(), indent);
  if (RULE.test(line)) return { kind: 'rule', inner: INNER_RULE_START.test(line) };
  let text = line.trim();
  let boxed = false;
  if (VERTICAL.test(text)) {
    boxed = true;
    text = text.slice(1).replace(VERTICAL_END, '').trim();
  }
  const stripped = phaseWord(stripLogPrefix(text.replace(SPINNER, '').replace(BULLET, '')));
  // Markdown bold around keys and values (`- **Latency**: …`) is emphasis, not text.
  const unbulleted = stripped.body.replace(BULLET, '');
  // A banner before Markdown bold is taken off (`*****` is its rule, not emphasis).
  const banner = unbulleted.length > 6 && unbulleted.charCodeAt(1) === unbulleted.charCodeAt(0) ? bannerPair(unbulleted) : undefined;
  const body = unbulleted.replace(/\*\*/g, '');
  if (body === '') return undefined;
  const dict = body.charCodeAt(body.length - 1) === 0x7d ? dictLine(body) : undefined;
  if (dict) return dictPairs(dict, indent, boxed, stripped.timestamp);
  const labelled = LABELLED_EQUALS.exec(body);
  const tuple = labelled ? undefined : tupleLine(body);
  const pairs = banner
    ? banner
    : tuple
      ? tuple.pairs
      : labelled?.[1]
        ? allPairs(labelled[1].split(/,\s*/))
        : /[:=]|\.\./.test(body) || stripped.prefixed
          ? splitPairs(body, stripped.prefixed)
          : boxed
            ? undefined
            : tabPair(body);
  if (pairs) {
    const out: KvLine = { kind: 'pairs', indent, pairs, boxed };
    const group = tuple?.label ?? inlineGroup(pairs) ?? sectionOfPairs(stripped.section, pairs);
    if (group) out.group = group;
    if (stripped.timestamp !== undefined) out.timestamp = stripped.timestamp;
    return out;
  }
  if (body.length > 100 && !boxed) return undefined;
  const colon = /:\s*$/.test(body);
  return { kind: 'text', indent, text: body.replace(/\s*:\s*$/, ''), boxed, colon };
}
