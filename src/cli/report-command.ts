import path from 'node:path';
import { usageError } from '../model/diagnostics';
import { sloExpressions } from './capacity-command';
import { reportDiagnostics } from './diagnostics-output';
import type { InputOptions } from './inputs';
import { readInputs } from './inputs';

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
  if (!opts.out) throw usageError('--out is required');
  const slo = sloExpressions(opts.slo ?? []);
  if (slo.length) {
    // Checked against the vocabulary before reading, as `capacity` does: a typo fails fast (exit 2).
    const analyze = await import('../analyze');
    for (const e of slo) analyze.parseSlo(e);
  }
  const parsed = await readInputs(paths, opts);
  const { buildReport } = await import('../build');
  const result = await buildReport(paths, {
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
