import path from 'node:path';
import { sloExpressions } from './capacity-command';
import { reportDiagnostics } from './diagnostics-output';
import type { InputOptions } from './inputs';
import { readInputs } from './inputs';
import { noRuns } from './no-runs';
import { UsageError } from './options';

interface ReportCommandOptions extends InputOptions {
  out: string;
  title?: string;
  template?: string;
  config?: string;
  pdf?: boolean;
  png?: boolean;
  strict?: boolean;
  /** `--slo` targets (repeatable, or comma-separated): a Capacity section. */
  slo?: string[];
}

export async function runReport(paths: string[], opts: ReportCommandOptions): Promise<number> {
  if (!opts.out) throw new UsageError('--out is required');
  const slo = sloExpressions(opts.slo ?? []);
  if (slo.length) {
    // Checked against the vocabulary before reading, as `capacity` does: a typo fails fast (exit 2).
    const analyze = await import('../analyze');
    try {
      for (const e of slo) analyze.parseSlo(e);
    } catch (err) {
      if (err instanceof analyze.SloError) throw new UsageError(err.message);
      throw err;
    }
  }
  const parsed = await readInputs(paths, opts);
  if (noRuns(parsed, opts)) return 1;
  const report = await import('../report');
  const result = await report.buildReport(paths, {
    out: path.resolve(opts.out),
    title: opts.title,
    template: opts.template,
    config: opts.config,
    pdf: Boolean(opts.pdf),
    png: Boolean(opts.png),
    ...(slo.length ? { slo } : {}),
    parsed,
  });
  for (const f of result.files) process.stdout.write(`${f}\n`);
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
