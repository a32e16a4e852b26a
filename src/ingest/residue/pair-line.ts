/**
 * The general shape of a labelled number, whatever tool printed it: `label SEP number [unit]`.
 *
 *   http.request_rate: ......... 746/sec        dot or dash leaders
 *   #  'Seconds total': [1.47],                 a comment marker, quotes, a one-value list
 *   "ttft": 0.41,                               a JSON member
 *   > TTFT -> 41.2 ms                           a quote marker, an arrow
 *   throughput = 812 tok/s; ttft = 44 ms | itl = 3 ms   several pairs split by `,` `;` `|`
 *   Output throughput    812.4 tok/s            two or more spaces, or a TAB
 *   latency....: avg=47.32ms min=0s p(95)=157ms name=value pairs under one name
 *   { total: 3186, percentiles: { '50': 32 } }  a printed object, nested
 *
 * Only the shape is read here; what a label means is name-pair.ts's business. A segment with
 * text after its number and unit (a sentence) is no pair: nothing is guessed.
 */

export interface LabelledNumber {
  /** The label as printed, quotes and markers taken off; nested names joined by a space. */
  label: string;
  value: number;
  unit?: string;
  /** The words the vocabulary is asked, when not the label (a sentence's quantity). */
  meaning?: string;
}

export interface PairLine {
  pairs: LabelledNumber[];
  /** A `label:` (or `label: {`) with no value: the name of the lines indented below it. */
  opens?: string;
}

/** Comment, quote and bullet markers before the text (`#`, `//`, `>`, `*`, `-`, `+`, `•`). */
const MARKERS = /^(?:(?:#+|\/\/|>+|[*•+]|-(?=\s))\s*)+/;
const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?|[-+]?\.\d+`;
/** A unit: `ms`, `tok/s`, `/sec`, `tokens-per-sec`, `GB`, `%`, `µs`, `req/s`. */
const UNIT = '%|/?[A-Za-zµμ][A-Za-zµμ0-9]*(?:[-/][A-Za-zµμ0-9]+)*';
/** A label: a quoted text, or a letter and then letters, digits, spaces and `._()/%#-`. */
const LABEL = String.raw`'[^']{1,80}'|"[^"]{1,80}"|[A-Za-zµ_](?:[\w()/%#@-]|[ .](?! )){0,80}?`;
/** `:`, `=`, `->`, `=>` (with leaders before or after), leaders alone, a TAB, two or more spaces. */
const SEP = String.raw`\s*(?:[.\-·…]{2,}\s*)?(?::|=>|->|=)\s*(?:[.\-·…]{2,}\s*)?|\s*[.·…]{3,}\s*|\s+-{2,}\s+|\t+\s*|\s{2,}`;
const PAIR = new RegExp(String.raw`^(${LABEL})(?:${SEP})\[?\(?(${NUMBER})\)?\]?(?:\s*(${UNIT}))?\s*(?:\(\s*[^()]{0,30}\))?\s*$`, 'i');
/** `label: {` / `label:` / `label = [`: a name over the values after it. */
const OPENS = new RegExp(String.raw`^(${LABEL})\s*(?::|=)\s*[{[(]?\s*$`);
/** `avg=47.32ms min=0s p(95)=157ms`: name=value tokens split by spaces. */
const EQUALS_TOKEN = /^([A-Za-z][\w().%-]{0,30})=([-+]?\d[\d.,]*(?:e[-+]?\d+)?)([A-Za-zµμ%/]{0,12})$/;
const MAX_LENGTH = 400;
/**
 * `seq_len:  32 time:  3.69`, `execute time: 0.0057 for token_len: 16`: several `label: number`
 * pairs split by spaces (or a joining word), one a sweep point's setting. The unit must be one
 * of these (`for` after a number is a word, not a unit); every character of the segment must be
 * taken by pairs.
 */
const SPACED_UNIT = '%|ms|s|sec|secs|seconds?|us|µs|ns|min|tok/s|tokens?/s|req/s|rps|tps|GB|MB|GiB|MiB|tokens?';
const SPACED_PAIR = new RegExp(
  String.raw`\s*(?:(?:for|at|with|and|by|on)\s+)?([A-Za-z_][\w.()/-]*(?: [A-Za-z_][\w.()/-]*){0,2})\s*:\s*(${NUMBER})(?:\s*(${SPACED_UNIT}))?(?=\s|$)`,
  'iy',
);
/** A rule before the text (`---- execute time: …`). */
const LEADING_RULE = /^[-=~*]{2,}\s*/;

/** Splits at `,` `;` `|` and braces, but not inside a number (`1,234`) or a quoted label. */
function segments(body: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quote = 0;
  for (let k = 0; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if ((c === 0x27 || c === 0x22) && (k === start || /[\s{[(,:]/.test(body[k - 1] ?? ''))) {
      quote = c;
      continue;
    }
    const comma = c === 0x2c && !(/\d/.test(body[k - 1] ?? '') && /\d/.test(body[k + 1] ?? ''));
    if (comma || c === 0x3b || c === 0x7c || c === 0x7b || c === 0x7d) {
      out.push(body.slice(start, k + (c === 0x7b ? 1 : 0)));
      if (c === 0x7d) out.push('}');
      start = k + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

function unquote(label: string): string {
  const t = label.trim();
  const q = t.charCodeAt(0);
  if ((q === 0x27 || q === 0x22) && t.charCodeAt(t.length - 1) === q) return t.slice(1, -1).trim();
  return t.replace(/\*\*/g, '').trim();
}

function numberOf(text: string): number | undefined {
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

function withName(parents: readonly string[], label: string): string {
  return parents.length === 0 ? label : `${parents.join(' ')} ${label}`;
}

/** `label: avg=1ms min=0s`: the name=value tokens after a label, or undefined when the rest is not only those. */
function equalsTokens(label: string, rest: string): LabelledNumber[] | undefined {
  const tokens = rest.trim().split(/\s+/);
  if (tokens.length < 2) return undefined;
  const out: LabelledNumber[] = [];
  for (const t of tokens) {
    const m = EQUALS_TOKEN.exec(t);
    const value = m?.[2] === undefined ? undefined : numberOf(m[2]);
    if (!m?.[1] || value === undefined) return undefined;
    const pair: LabelledNumber = { label: `${label} ${m[1]}`.trim(), value };
    if (m[3]) pair.unit = m[3];
    out.push(pair);
  }
  return out;
}

/** The pairs of a segment that is only `label: number [unit]` pairs split by spaces, two at least. */
function spacedPairs(segment: string, parents: readonly string[]): LabelledNumber[] | undefined {
  const s = segment.replace(LEADING_RULE, '');
  // Cheap test first: two colons at least.
  if (s.indexOf(':') === s.lastIndexOf(':')) return undefined;
  const out: LabelledNumber[] = [];
  SPACED_PAIR.lastIndex = 0;
  while (SPACED_PAIR.lastIndex < s.length) {
    const m = SPACED_PAIR.exec(s);
    const value = m?.[2] === undefined ? undefined : numberOf(m[2]);
    if (!m?.[1] || value === undefined) return undefined;
    const pair: LabelledNumber = { label: withName(parents, m[1]), value };
    if (m[3]) pair.unit = m[3];
    out.push(pair);
    if (/^\s*$/.test(s.slice(SPACED_PAIR.lastIndex))) break;
  }
  return out.length >= 2 ? out : undefined;
}

function readSegment(segment: string, parents: string[], out: LabelledNumber[]): void {
  const s = segment.trim().replace(/^[[(]+\s*/, '');
  if (s === '' || s === ']' || s === ')') return;
  if (s === '}') {
    parents.pop();
    return;
  }
  const open = OPENS.exec(s.replace(/\{$/, '{'));
  if (open?.[1] && s.endsWith('{')) {
    parents.push(unquote(open[1]));
    return;
  }
  const m = PAIR.exec(s.replace(/[\])}]+$/, ''));
  if (m?.[1] && m[2] !== undefined) {
    const value = numberOf(m[2]);
    if (value === undefined) return;
    const pair: LabelledNumber = { label: withName(parents, unquote(m[1])), value };
    if (m[3]) pair.unit = m[3];
    out.push(pair);
    return;
  }
  const spaced = spacedPairs(s, parents);
  if (spaced) {
    out.push(...spaced);
    return;
  }
  const named = /^([A-Za-z][\w .()/%-]{0,60}?)\s*(?:[.\-·…]{2,}\s*)?[:=]\s*(?:[.\-·…]{2,}\s*)?(\S.*)$/.exec(s);
  const tokens =
    named?.[1] && named[2] ? equalsTokens(withName(parents, named[1].trim()), named[2]) : equalsTokens(withName(parents, ''), s);
  if (tokens) out.push(...tokens);
}

/**
 * The labelled numbers of one line no reader took. `parents`: names opened on lines above
 * (nested objects, `label:` lines), changed in place as braces open and close.
 */
export function readPairLine(line: string, parents: string[] = []): PairLine | undefined {
  if (line.length > MAX_LENGTH) return undefined;
  const body = line.trim().replace(MARKERS, '').trim();
  if (body === '' || !/\d|:\s*\{?$/.test(body)) {
    const opens = OPENS.exec(body);
    return opens?.[1] && !/^[{[]/.test(body) ? { pairs: [], opens: unquote(opens[1]) } : undefined;
  }
  const out: LabelledNumber[] = [];
  for (const segment of segments(body)) readSegment(segment, parents, out);
  if (out.length === 0) {
    const opens = OPENS.exec(body);
    if (opens?.[1]) return { pairs: out, opens: unquote(opens[1]) };
  }
  return { pairs: out };
}
