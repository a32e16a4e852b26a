/**
 * Cleans Markdown / HTML inline text down to what a reader sees: entities decoded
 * (`&#x20;`, `&amp;`), backslash escapes undone (`max\_tokens`), emphasis and code marks
 * removed (`**Preset**`, `` `gpu-small` ``), tags dropped, whitespace collapsed.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  times: '×',
  micro: 'µ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return whole;
      // Non-breaking and other odd spaces read as plain spaces.
      const ch = String.fromCodePoint(code);
      return /\s/.test(ch) ? ' ' : ch;
    }
    const named = Object.hasOwn(NAMED, body.toLowerCase()) ? NAMED[body.toLowerCase()] : undefined;
    return named ?? whole;
  });
}

const PRIVATE_BASE = 0xe000;

/** Markdown inline → plain text. `html` also drops tags (table cells, headings with spans). */
export function cleanInline(text: string, opts: { html?: boolean } = {}): string {
  let t = text;
  if (opts.html) t = t.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '');
  // Escaped punctuation is protected from the emphasis rules, then restored.
  t = t.replace(/\\([!-/:-@[-`{-~])/g, (_m, ch: string) => String.fromCharCode(PRIVATE_BASE + ch.charCodeAt(0)));
  t = t.replace(/\*\*|__/g, '');
  t = t.replace(/(^|[^\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?=[^\w*]|$)/g, '$1$2');
  t = t.replace(/(^|[^\w])_([^_\s](?:[^_]*[^_\s])?)_(?=[^\w]|$)/g, '$1$2');
  t = t.replace(/`/g, '');
  t = t.replace(/[\ue000-\ue07f]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - PRIVATE_BASE));
  t = decodeEntities(t);
  return t.replace(/\s+/g, ' ').trim();
}
