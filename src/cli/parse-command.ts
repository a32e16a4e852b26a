import { once } from 'node:events';
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
    const out = process.stdout;
    result = await readInputs(paths, opts, {
      onRecord: (r) => {
        if (wanted(r)) out.write(JSON.stringify(r) + '\n');
      },
      whenReady: () => (out.writableNeedDrain ? Promise.race([once(out, 'drain'), once(out, 'close')]) : undefined),
    });
  }
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
