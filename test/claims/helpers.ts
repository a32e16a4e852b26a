/** Shared by the claims tests. */
import type { SourceClaim } from '../../src/model/source-claim';

/** What a claim golden keeps: the reading, and the words around it, without the full layers. */
export function compact(c: SourceClaim) {
  const { layers, headings, ...rest } = c;
  const layer = (l: SourceClaim['layers'][number]): string =>
    [`${l.from}@${l.line}`, JSON.stringify(l.settings), l.names.join(' '), l.metrics.join(' ')].filter((x) => x && x !== '{}').join(' ');
  return { ...rest, context: layers.map(layer) };
}

/** Text from `line` (1-based) to the end, block-quote markers off each line, whitespace collapsed. */
export function textFrom(text: string, line: number): string {
  return text
    .split('\n')
    .slice(line - 1)
    .map((l) => l.replace(/^\s*(?:>\s?)*/, ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}
