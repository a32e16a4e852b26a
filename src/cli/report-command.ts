import os from 'node:os';
import { usageError } from '../model/diagnostics';
import { sloExpressions } from './capacity-command';
import { reportDiagnostics } from './diagnostics-output';
import type { InputOptions } from './inputs';
import { readInputs } from './inputs';
import { noRuns } from './no-runs';
import { ReportOutput } from './report-output';

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

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A signal while the report is built: the temporary folder is removed and the lock released
 * (synchronously, in the handler) and the process ends with 128 + the signal's number. The old
 * report is untouched: `commit` is synchronous, so no handler runs in the middle of it.
 */
function discardOnSignal(output: ReportOutput): () => void {
  const handlers = SIGNALS.map((name) => {
    const handler = (): void => {
      output.discard();
      process.stderr.write(`\nbenchbook: ${name}: report not written; ${output.out} left as it was\n`);
      process.exit(128 + (os.constants.signals[name] ?? 0));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return () => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
}

/** A failed write (full disk, no permission): a system error, told in one line rather than a stack. */
function isSystemError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && 'syscall' in err;
}

async function checkSlo(slo: readonly string[]): Promise<void> {
  if (!slo.length) return;
  // Checked against the vocabulary before reading, as `capacity` does: a typo fails fast (exit 2).
  const analyze = await import('../analyze');
  for (const e of slo) analyze.parseSlo(e);
}

export async function runReport(paths: string[], opts: ReportCommandOptions): Promise<number> {
  if (!opts.out) throw usageError('--out is required');
  const slo = sloExpressions(opts.slo ?? []);
  await checkSlo(slo);
  let output: ReportOutput;
  try {
    output = await ReportOutput.open(opts.out);
  } catch (err) {
    // Not a folder, or in use: a BenchbookError (io-error, exit 1) that main.ts says.
    if (!isSystemError(err)) throw err;
    process.stderr.write(`benchbook: ${err.message}\n`);
    return 1;
  }
  const stopListening = discardOnSignal(output);
  try {
    // The claims the report checks are found in the same read (no second pass over the inputs).
    const parsed = await readInputs(paths, opts, { claims: true });
    if (noRuns(parsed, opts)) {
      output.discard();
      return 1;
    }
    const report = await import('../report');
    const { buildReport } = await import('../build');
    const result = await buildReport(paths, {
      out: output.out,
      title: opts.title,
      template: opts.template,
      config: opts.config,
      pdf: Boolean(opts.pdf),
      png: Boolean(opts.png),
      ...(slo.length ? { slo } : {}),
      parsed,
      effects: output.effects(report.diskEffects),
    });
    output.commit(result.files);
    for (const f of result.files) process.stdout.write(`${f}\n`);
    return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
  } catch (err) {
    output.discard();
    // A full disk, a failed Chromium: one line, and the old report untouched.
    if (!isSystemError(err) && !(err instanceof Error && err.name === 'ChromiumError')) throw err;
    process.stderr.write(`benchbook: report not written (${err.message}); ${output.out} left as it was\n`);
    return 1;
  } finally {
    stopListening();
  }
}
