import os from 'node:os';
import { BenchbookError, usageError } from '../model/diagnostics';
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

/**
 * A full disk or a failed Chromium while the report is built: one line that says the old report
 * is untouched (a BenchbookError: main.ts says it, exit 1); anything else as it was thrown.
 */
function notWritten(err: unknown, out: string): unknown {
  const chromium = err instanceof BenchbookError && err.code === 'chromium-failed';
  if (!chromium && !isSystemError(err)) return err;
  const why = err instanceof BenchbookError ? err.diagnostic.message : (err as Error).message;
  const code = chromium ? 'chromium-failed' : 'io-error';
  return new BenchbookError({ severity: 'error', code, message: `report not written (${why}); ${out} left as it was` });
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
    throw new BenchbookError({ severity: 'error', code: 'io-error', message: err.message });
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
    throw notWritten(err, output.out);
  } finally {
    stopListening();
  }
}
