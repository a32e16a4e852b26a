/**
 * Whether a text is Markdown, where a `# …` line is a heading: a `.md`/`.markdown` file, or a
 * text whose head shows Markdown's own marks (a fence, a pipe table's rule, a setext `===`
 * underline under a title in its first lines, `**bold**`, a `[link](url)`; a log's `====`
 * banner rules under its figures are none). Elsewhere (a terminal log, a shell or Python script
 * pasted into a `.txt`) a `# …` line is a comment, unless it heads what follows (console-log.ts).
 */

const MARKDOWN_NAME = /\.(?:md|markdown|mdown|mkd)$/i;
const FENCE = /^\s{0,3}(?:```|~~~)/;
const PIPE_RULE = /^\s*\|?\s*:?-{3,}:?\s*\|/;
const SETEXT = /^\s{0,3}={3,}\s*$/;
/** A setext title: words, no figures or `key:` colon. */
const TITLE = /^\s*[A-Za-z][^\d:]*$/;
const TITLE_LINES = 6;
const INLINE = /\*\*[^*\s][^*]*\*\*|\[[^\]]+\]\((?:https?:\/\/|\.{0,2}\/|#)[^)\s]*\)/;

/** How many lines of the head are looked at. */
const HEAD = 400;

export function isMarkdownText(file: string, lines: readonly string[]): boolean {
  if (MARKDOWN_NAME.test(file)) return true;
  const n = Math.min(lines.length, HEAD);
  for (let k = 0; k < n; k++) {
    const line = lines[k] ?? '';
    if (FENCE.test(line) || PIPE_RULE.test(line) || INLINE.test(line)) return true;
    if (k > 0 && k < TITLE_LINES && SETEXT.test(line) && TITLE.test(lines[k - 1] ?? '')) return true;
  }
  return false;
}
