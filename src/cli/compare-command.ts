import { GROUP_KEYS } from '../analyze/types';
import type { RunRecord } from '../model/records';
import { reportDiagnostics } from './diagnostics-output';
import { type InputOptions, readInputs } from './inputs';
import { parseWhere, UsageError } from './options';

interface CompareCommandOptions extends InputOptions {
  by: string;
  metric?: string;
  where: string[];
  strict?: boolean;
}

export async function runCompare(paths: string[], opts: CompareCommandOptions): Promise<number> {
  const where = parseWhere(opts.where);
  for (const k of Object.keys(where)) {
    if (!(GROUP_KEYS as readonly string[]).includes(k))
      throw new UsageError(`--where takes a group key (${GROUP_KEYS.join(', ')}); got "${k}"`);
  }
  // Checked before reading anything, so a typo fails fast with exit 2.
  const analyze = await import('../analyze');
  if (!analyze.factorSpec(opts.by)) {
    throw new UsageError(
      `unknown --by factor "${opts.by}": use gpus, strategy, engine, mode, api, context_length or a group key (${GROUP_KEYS.join(', ')})`,
    );
  }
  const result = await readInputs(paths, opts);
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  const comparisons = analyze.compareBy(runs, opts.by, { metric: opts.metric, where });
  process.stdout.write(analyze.formatComparisonTable(comparisons, { metric: opts.metric }));
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
