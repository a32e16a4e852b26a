/** `benchbook history PATHS`: each configuration's results over dates and engine versions, with changes beyond the noise. */
import { usageError } from '../model/diagnostics';
import type { RunRecord } from '../model/records';
import { sloExpressions } from './capacity-command';
import { forTerminal, reportDiagnostics } from './diagnostics-output';
import { type InputOptions, readInputs } from './inputs';
import { noRuns } from './no-runs';

export interface HistoryCommandOptions extends InputOptions {
  by?: string;
  metric: string[];
  /** Targets (`--slo`, the syntax of `capacity`): capacity and goodput per version. */
  slo?: string[];
  format: 'table' | 'json' | 'csv';
  strict?: boolean;
}

export async function runHistory(paths: string[], opts: HistoryCommandOptions): Promise<number> {
  const analyze = await import('../analyze');
  const by = opts.by ? analyze.parseFields(opts.by) : undefined;
  const exprs = sloExpressions(opts.slo ?? []);
  // Checked against the vocabulary before reading, so a typo fails fast.
  for (const e of exprs) analyze.parseSlo(e);
  const result = await readInputs(paths, opts);
  if (noRuns(result, opts)) return 1;
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  const metrics = opts.metric
    .flatMap((m) => m.split(','))
    .map((m) => m.trim())
    .filter(Boolean);
  if (metrics.length) {
    const known = new Set([...analyze.HISTORY_METRICS, ...runs.flatMap((r) => Object.keys(r.metrics))]);
    for (const m of metrics)
      if (!known.has(m)) throw usageError(`--metric: ${(await import('../model/closest-name')).unknownNameMessage('metric', m, known)}`);
  }
  const known = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
  const slo = exprs.map((e) => analyze.parseSlo(e, known));
  const history = analyze.historyOf(runs, {
    ...(by ? { by } : {}),
    ...(metrics.length ? { metrics } : {}),
    ...(slo.length ? { slo, headline: slo[0]!.metric } : {}),
  });
  if (opts.format === 'json') process.stdout.write(forTerminal(`${JSON.stringify(history, null, 2)}\n`));
  else if (opts.format === 'csv') process.stdout.write(forTerminal(analyze.formatHistoryCsv(history)));
  else process.stdout.write(analyze.formatHistoryTable(history));
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
