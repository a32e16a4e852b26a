import { reportDiagnostics } from './diagnostics-output';
import { readInputs, type InputOptions } from './inputs';
import { parseWhere } from './options';
import type { RunRecord } from '../model/records';

interface CompareCommandOptions extends InputOptions {
  by: string;
  metric?: string;
  where: string[];
  strict?: boolean;
}

export async function runCompare(paths: string[], opts: CompareCommandOptions): Promise<number> {
  const where = parseWhere(opts.where);
  const result = await readInputs(paths, opts);
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  const analyze = await import('../analyze');
  const comparisons = analyze.compareBy(runs, opts.by, { metric: opts.metric, where });
  process.stdout.write(analyze.formatComparisonTable(comparisons, { metric: opts.metric }));
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
