/** Shared by the claims tests: the real pipeline on a set of files, run from the repository root. */
import { analyzeRunsDetailed } from '../../src/analyze';
import { checkClaims } from '../../src/analyze/claims';
import { parsePaths, readClaimsFromPaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import type { SourceClaim } from '../../src/model/source-claim';
import { REPO_ROOT } from '../helpers/golden';

/** parsePaths → analyzeRunsDetailed → readClaimsFromPaths → checkClaims, with paths as given (ids carry them). */
export async function pipeline(paths: string[]) {
  const prev = process.cwd();
  process.chdir(REPO_ROOT);
  try {
    const parsed = await parsePaths(paths, {});
    const runs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
    const { summary, runs: marked } = analyzeRunsDetailed(runs);
    const { claims, diagnostics } = await readClaimsFromPaths(paths);
    const checks = checkClaims(claims, summary.comparisons, summary.configurations, marked);
    return { summary, claims, checks, diagnostics };
  } finally {
    process.chdir(prev);
  }
}

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
