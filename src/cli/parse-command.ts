import { reportDiagnostics } from './diagnostics-output';
import { readInputs, type InputOptions } from './inputs';
import { UsageError } from './options';
import type { BenchRecord, RunRecord } from '../model/records';

interface ParseCommandOptions extends InputOptions {
  format: 'jsonl' | 'csv';
  include?: string;
  strict?: boolean;
}

const INCLUDABLE = new Set(['env', 'samples']);

/**
 * Settles when `out` drains or closes, and then takes both its listeners off again (waiting
 * once per chunk of a large log, listeners left behind would pile up on stdout).
 */
function drainedOrClosed(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export async function runParse(paths: string[], opts: ParseCommandOptions): Promise<number> {
  const include = new Set((opts.include ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  for (const k of include) if (!INCLUDABLE.has(k)) throw new UsageError(`--include takes env,samples; got "${k}"`);
  if (opts.format === 'csv' && include.size) throw new UsageError('--include applies to --format jsonl (CSV holds one row per run)');
  const wanted = (r: BenchRecord): boolean =>
    r.kind === 'run' || (r.kind === 'env' && include.has('env')) || (r.kind === 'sample' && include.has('samples'));
  let result;
  if (opts.format === 'csv') {
    // CSV columns are the union of every run's metrics: the runs are collected first.
    result = await readInputs(paths, opts);
    const { runsToCsv } = await import('../model/runs-csv');
    process.stdout.write(runsToCsv(result.records.filter((r): r is RunRecord => r.kind === 'run')));
  } else {
    // JSON lines stream out as they are read, so a log larger than memory stays bounded; when
    // stdout is a pipe that has not taken what was written, reading waits for it to drain.
    // A reader that goes away (`| head`) ends reading; the diagnostics so far still go to stderr.
    const out = process.stdout;
    const closed = new AbortController();
    const onError = (err: NodeJS.ErrnoException): void => {
      if (err.code !== 'EPIPE') throw err;
      closed.abort('stdout was closed by its reader');
    };
    out.on('error', onError);
    try {
      result = await readInputs(paths, opts, {
        onRecord: (r) => {
          if (wanted(r) && !closed.signal.aborted) out.write(JSON.stringify(r) + '\n');
        },
        whenReady: () => (out.writableNeedDrain && !closed.signal.aborted ? drainedOrClosed(out) : undefined),
        signal: closed.signal,
      });
    } finally {
      out.off('error', onError);
    }
  }
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
