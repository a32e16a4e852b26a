/**
 * Inline prose handling: Markdown/HTML markup off (so patterns see the words), and sentence
 * boundaries on the text as written (so a quote is the source's own text).
 */

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntity(whole: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return safeChar(Number.parseInt(body.slice(2), 16), whole);
  if (body.startsWith('#')) return safeChar(Number.parseInt(body.slice(1), 10), whole);
  return Object.hasOwn(ENTITIES, body) ? ENTITIES[body]! : whole;
}

function safeChar(code: number, whole: string): string {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return whole;
  return code === 0xa0 ? ' ' : String.fromCodePoint(code);
}

/**
 * Prose as the patterns read it: images, link targets, HTML tags, emphasis, code ticks and
 * backslash escapes removed, entities decoded, minus signs made ASCII, spaces collapsed.
 */
export function cleanInline(raw: string): string {
  return raw
    .replace(/!\[[^\]]{0,200}\]\([^)]{0,500}\)/g, ' ')
    .replace(/\[([^\]]{0,200})\]\([^)]{0,500}\)/g, '$1')
    .replace(/<[^<>]{0,300}>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, decodeEntity)
    .replace(/\\([\\`*_{}[\]()#+\-.!~|<>])/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[\s(])[*_](?=\S)/g, '$1')
    .replace(/(\S)[*_](?=[\s).,;:!?]|$)/g, '$1')
    .replace(/[\u2212\u2012]/g, '-')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** ASCII lower case: keeps every offset (String#toLowerCase may not, for some letters). */
export function lowerAscii(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'vs',
  'etc',
  'approx',
  'fig',
  'no',
  'cf',
  'al',
  'incl',
  'resp',
  'ca',
  'min',
  'max',
  'avg',
  'eq',
]);

/** [start, end) spans of the sentences of a text as written (end punctuation kept). */
export function sentenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const boundary = /[.!?](?:[*_`)"'\]]*)(?=\s+[A-Z0-9*_`(["'~\\<$])/g;
  let start = 0;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    const end = m.index + m[0].length;
    if (m[0][0] === '.' && isAbbreviation(text, m.index)) continue;
    pushSpan(text, start, end, spans);
    start = end;
  }
  pushSpan(text, start, text.length, spans);
  return spans;
}

function isAbbreviation(text: string, dot: number): boolean {
  const before = /([A-Za-z][A-Za-z.]*)$/.exec(text.slice(Math.max(0, dot - 12), dot))?.[1];
  if (!before) return false;
  return before.length === 1 || ABBREVIATIONS.has(before.toLowerCase());
}

function pushSpan(text: string, start: number, end: number, spans: Array<[number, number]>): void {
  let a = start;
  let b = end;
  while (a < b && /\s/.test(text[a]!)) a++;
  while (b > a && /\s/.test(text[b - 1]!)) b--;
  if (b > a) spans.push([a, b]);
}

/** Every match of `re` in `s` (a fresh global copy, so shared patterns keep no state between calls). */
export function* allMatches(re: RegExp, s: string): Generator<RegExpExecArray> {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (let m = g.exec(s); m; m = g.exec(s)) {
    yield m;
    if (m[0] === '') g.lastIndex++;
  }
}
