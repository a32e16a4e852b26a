/**
 * A report's run that repeats an earlier one (a table pasted again further down) is flagged
 * duplicate: the same preset and metrics, and the same run as far as both say (run-identity.ts,
 * as the console scanner's tracker asks: engine, model, hardware, parallelism, … agree or are
 * unknown on one side) under the same row or column label. Two models' rows, or two tools'
 * rows, that happen to print equal figures are two runs.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { classifyColumn } from '../csv/columns';
import { identitiesAgree, type RunIdentity, runIdentity } from '../run-identity';
import type { ScannedReport } from './scan';

/** The first cell of a table run's row (its label), when it has one. */
export function rowLabel(run: RunRecord, scan: ScannedReport): string | undefined {
  const row = run.source.row;
  if (row === undefined || (run.source.format !== 'pipe-table' && run.source.format !== 'html-table')) return undefined;
  return scan.tables.find((t) => t.line === run.source.line)?.rows[row - 1]?.[0];
}

/**
 * A table run's label: its row's first cell, or the header of the column it was read from. A
 * first column that holds a setting or a figure (`request-rate`, `5`) labels nothing: the same
 * row copied into a table led by a name column is still the same run.
 */
function runLabel(run: RunRecord, scan: ScannedReport): string | undefined {
  const format = run.source.format;
  if (format !== 'pipe-table' && format !== 'html-table') return undefined;
  let label = run.labels.at(-1);
  if (run.source.row !== undefined) {
    const t = scan.tables.find((x) => x.line === run.source.line);
    const kind = classifyColumn(t?.header[0] ?? '').kind;
    label = kind === 'context' || kind === 'metric' ? undefined : t?.rows[run.source.row - 1]?.[0];
  }
  const text = label?.replace(/[*`_]/g, '').trim().toLowerCase();
  return text === undefined || text === '' || /^[\d\s.,:/%x×+-]+$/.test(text) ? undefined : text;
}

interface Seen {
  run: RunRecord;
  identity: RunIdentity;
  label: string | undefined;
}

/** Flags each run whose preset and metrics equal an earlier run's that is the same run. */
export function flagDuplicates(runs: readonly RunRecord[], scan: ScannedReport, file: string, diagnostics: Diagnostic[]): void {
  const seen = new Map<string, Seen[]>();
  for (const run of runs) {
    const keys = Object.keys(run.metrics).sort();
    if (keys.length < 2) continue;
    const sig = JSON.stringify([run.hardware?.preset?.toLowerCase() ?? null, keys.map((k) => [k, run.metrics[k]])]);
    const mine: Seen = { run, identity: runIdentity(run), label: runLabel(run, scan) };
    const earlier = seen.get(sig) ?? [];
    const first = earlier.find(
      (e) => identitiesAgree(e.identity, mine.identity) && (e.label === undefined || mine.label === undefined || e.label === mine.label),
    );
    if (!first) {
      seen.set(sig, [...earlier, mine]);
      continue;
    }
    run.flags.push('duplicate');
    run.provenance['flags.duplicate'] = `same preset and metrics as ${first.run.id}`;
    diagnostics.push({
      severity: 'info',
      code: 'duplicate-run',
      message: `${run.source.row === undefined ? `column '${run.labels.at(-1) ?? ''}'` : `row ${run.source.row}`} of the table at line ${run.source.line} repeats ${first.run.id} (same preset and metrics): kept, flagged duplicate`,
      file,
      line: run.source.line,
    });
  }
}
