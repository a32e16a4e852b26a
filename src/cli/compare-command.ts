/**
 * `benchbook compare`: a usage error (exit 2) names the closest valid name for an unknown
 * `--by` factor, `--where` key or `--metric`; an empty result says which condition failed.
 */

import { GROUP_KEYS } from '../analyze/types';
import { unknownNameMessage } from '../model/closest-name';
import { usageError } from '../model/diagnostics';
import type { RunRecord } from '../model/records';
import { terminalSafe } from '../model/terminal-text';
import { parseWhere } from '../model/where';
import { reportDiagnostics } from './diagnostics-output';
import { type InputOptions, readInputs } from './inputs';
import { noRuns } from './no-runs';

interface CompareCommandOptions extends InputOptions {
  by: string;
  metric?: string;
  where: string[];
  strict?: boolean;
}

/** Metric names of the runs, for "did you mean". */
function metricsOf(runs: readonly RunRecord[]): Set<string> {
  const names = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.metrics ?? {})) names.add(k);
  return names;
}

function checkMetric(metric: string, runs: readonly RunRecord[]): void {
  const present = metricsOf(runs);
  if (present.has(metric)) return;
  const message = unknownNameMessage('metric', metric, present);
  const listed = [...present].sort().slice(0, 12);
  const more = present.size > listed.length ? ', …' : '';
  throw usageError(`${message}: no run read has it${present.size ? ` (metrics in the runs: ${listed.join(', ')}${more})` : ''}`);
}

export async function runCompare(paths: string[], opts: CompareCommandOptions): Promise<number> {
  const where = parseWhere(opts.where);
  // Checked before reading anything, so a typo fails fast with exit 2.
  for (const k of Object.keys(where)) {
    if (!(GROUP_KEYS as readonly string[]).includes(k))
      throw usageError(`${unknownNameMessage('--where key', k, GROUP_KEYS)}: use a group key (${GROUP_KEYS.join(', ')})`);
  }
  const analyze = await import('../analyze');
  if (!analyze.factorSpec(opts.by)) {
    throw usageError(
      `${unknownNameMessage('--by factor', opts.by, analyze.factorNames())}: use gpus, strategy, engine, mode, api, context_length, tp, dp, pp or a group key (${GROUP_KEYS.join(', ')})`,
    );
  }
  const result = await readInputs(paths, opts);
  if (noRuns(result, opts)) return 1;
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  if (opts.metric !== undefined && runs.length > 0) checkMetric(opts.metric, runs);
  const comparisons = analyze.compareBy(runs, opts.by, { metric: opts.metric, where });
  if (comparisons.length === 0) {
    const why = analyze.explainEmptyComparison(runs, opts.by, { metric: opts.metric, where });
    process.stdout.write(terminalSafe(`No comparable configurations by ${opts.by}: ${why}\n`));
  } else {
    process.stdout.write(analyze.formatComparisonTable(comparisons, { metric: opts.metric }));
  }
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
