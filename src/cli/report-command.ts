import path from 'node:path';
import { reportDiagnostics } from './diagnostics-output';
import type { InputOptions } from './inputs';
import { readInputs } from './inputs';
import { UsageError } from './options';

interface ReportCommandOptions extends InputOptions {
  out: string;
  title?: string;
  template?: string;
  config?: string;
  pdf?: boolean;
  png?: boolean;
  strict?: boolean;
}

export async function runReport(paths: string[], opts: ReportCommandOptions): Promise<number> {
  if (!opts.out) throw new UsageError('--out is required');
  const parsed = await readInputs(paths, opts);
  const report = await import('../report');
  const result = await report.buildReport(paths, {
    out: path.resolve(opts.out),
    title: opts.title,
    template: opts.template,
    config: opts.config,
    pdf: Boolean(opts.pdf),
    png: Boolean(opts.png),
    parsed,
  });
  for (const f of result.files) process.stdout.write(`${f}\n`);
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
