/** The cells of a `|`-led row (a Markdown pipe table, llama.cpp's bench tables, optimum-benchmark's report). */

/** A rule cell: `---`, `:--`, `--:`. */
export const RULE_CELL = /^:?-{2,}:?$/;

/** The cells of a `|`-led row (its outer pipes dropped), else undefined. */
export function pipeCells(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.startsWith('|')) return undefined;
  const inner = t.endsWith('|') && t.length > 1 ? t.slice(1, -1) : t.slice(1);
  return inner.split('|').map((c) => c.trim());
}
