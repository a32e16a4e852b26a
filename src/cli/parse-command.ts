import { reportDiagnostics } from './diagnostics-output';
import { readInputs, type InputOptions } from './inputs';
import { UsageError } from './options';
import type { RunRecord } from '../model/records';

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
  const result = await readInputs(paths, opts);
  const wanted = result.records.filter(
    (r) => r.kind === 'run' || (r.kind === 'env' && include.has('env')) || (r.kind === 'sample' && include.has('samples')),
  );
  if (opts.format === 'csv') {
    const { runsToCsv } = await import('../model/runs-csv');
    process.stdout.write(runsToCsv(wanted as RunRecord[]));
  } else {
    for (const r of wanted) process.stdout.write(JSON.stringify(r) + '\n');
  }
  return reportDiagnostics(result.diagnostics, Boolean(opts.strict));
}
