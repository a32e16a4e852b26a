import type { BenchRecord } from '../model/records';
import { type DiagnosticsFormat, reportDiagnostics } from './diagnostics-output';
import { drainedOrClosed } from './drained-or-closed';
import { type InputOptions, readInputs } from './inputs';
import { UsageError } from './options';
import { RunsCsvSpool } from './runs-csv-spool';

interface ParseCommandOptions extends InputOptions {
  format: 'jsonl' | 'csv';
  include?: string;
  strict?: boolean;
  diagnostics?: DiagnosticsFormat;
}

const INCLUDABLE = new Set(['env', 'samples']);

export async function runParse(paths: string[], opts: ParseCommandOptions): Promise<number> {
  const include = new Set(
    (opts.include ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const k of include) if (!INCLUDABLE.has(k)) throw new UsageError(`--include takes env,samples; got "${k}"`);
  if (opts.format === 'csv' && include.size) throw new UsageError('--include applies to --format jsonl (CSV holds one row per run)');
  const wanted = (r: BenchRecord): boolean =>
    r.kind === 'run' || (r.kind === 'env' && include.has('env')) || (r.kind === 'sample' && include.has('samples'));
  // Output streams out as it is made, so a log larger than memory stays bounded; when stdout
  // is a pipe that has not taken what was written, reading waits for it to drain. A reader
  // that goes away (`| head`) ends reading; the diagnostics so far still go to stderr.
  const out = process.stdout;
  const closed = new AbortController();
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code !== 'EPIPE') throw err;
    closed.abort('stdout was closed by its reader');
  };
  out.on('error', onError);
  let result: Awaited<ReturnType<typeof readInputs>>;
  try {
    if (opts.format === 'csv') {
      // The CSV's columns depend on every run: runs wait in a temporary file, not in memory.
      const spool = RunsCsvSpool.create();
      try {
        result = await readInputs(paths, opts, {
          onRecord: (r) => {
            if (r.kind === 'run') spool.add(r);
          },
          whenReady: () => spool.whenReady(),
        });
        await spool.writeCsv(out, () => closed.signal.aborted);
      } finally {
        spool.dispose();
      }
    } else {
      result = await readInputs(paths, opts, {
        onRecord: (r) => {
          if (wanted(r) && !closed.signal.aborted) out.write(`${JSON.stringify(r)}\n`);
        },
        whenReady: () => (out.writableNeedDrain && !closed.signal.aborted ? drainedOrClosed(out) : undefined),
        signal: closed.signal,
      });
    }
  } finally {
    out.off('error', onError);
  }
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict), opts.diagnostics);
}
