/** `benchbook capacity PATHS --slo EXPR…`: the largest load each configuration serves within the targets. */
import { usageError } from '../model/diagnostics';
import type { RunRecord, SampleRecord } from '../model/records';
import { terminalSafe } from '../model/terminal-text';
import { forTerminal, reportDiagnostics } from './diagnostics-output';
import { type InputOptions, readInputs } from './inputs';
import { leftOutLines } from './left-out';
import { noRuns } from './no-runs';

export interface CapacityCommandOptions extends InputOptions {
  slo: string[];
  by?: string;
  format: 'table' | 'json' | 'csv';
  strict?: boolean;
}

/** `--slo a<=1 --slo b<=2` and `--slo "a<=1,b<=2"` alike. */
export function sloExpressions(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export async function runCapacity(paths: string[], opts: CapacityCommandOptions): Promise<number> {
  const analyze = await import('../analyze');
  const exprs = sloExpressions(opts.slo);
  if (exprs.length === 0) throw usageError('capacity needs at least one --slo METRIC<=VALUE, e.g. --slo "latency_p99_s<=3"');
  // Targets and fields are checked against the vocabulary before reading, so a typo fails fast.
  const by = opts.by ? analyze.parseFields(opts.by) : undefined;
  for (const e of exprs) analyze.parseSlo(e);
  const result = await readInputs(paths, opts);
  if (noRuns(result, opts)) return 1;
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  // Per-request samples (JSON exports) give each level the share of requests within the targets.
  const samples = result.records.filter((r): r is SampleRecord => r.kind === 'sample');
  const known = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
  const targets = exprs.map((e) => analyze.parseSlo(e, known));
  const capacity = analyze.capacityOf(runs, targets, by ? { by, samples } : { samples });
  if (opts.format === 'json') process.stdout.write(forTerminal(`${JSON.stringify(capacity, null, 2)}\n`));
  else if (opts.format === 'csv') process.stdout.write(forTerminal(analyze.formatCapacityCsv(capacity)));
  else process.stdout.write(analyze.formatCapacityTable(capacity) + terminalSafe(leftOutLines(capacity)));
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
