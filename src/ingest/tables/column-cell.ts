/**
 * A cell of a home-made sweep table whose header the tool vocabulary cannot place (`TTFT (ms)`
 * with no statistic, `Tok/s` with no direction, `Requests` holding `26/26`), read the way report
 * tables read it (csv/columns.ts for the header, markdown-report/cell-value.ts for the cell),
 * with the assumption said in provenance.
 */
import { setOwn } from '../../model/safe-keys';
import { classifyColumn } from '../csv/columns';
import { putCellSpread, putOkOfTotal, readCell } from '../markdown-report/cell-value';
import type { PartialRun } from '../types';

/** True when the cell gave the run a figure; false leaves it to the caller. */
export function readByColumn(run: PartialRun, label: string, text: string): boolean {
  const col = classifyColumn(label);
  if (col.kind !== 'metric' && col.kind !== 'unknown') return false;
  const metric = col.kind === 'metric' ? col : undefined;
  const read = readCell(label, metric, text);
  if (read.kind === 'metric') {
    if (Object.hasOwn(run.metrics, read.key)) return false;
    setOwn(run.metrics, read.key, read.value);
    putCellSpread(run, read);
    const note = read.note ?? metric?.note;
    if (note) setOwn(run.provenance, `metrics.${read.key}`, note);
    return true;
  }
  if (read.kind !== 'ok-of-total') return false;
  putOkOfTotal(run, read, `'${label}' = '${text}' (completed/total requests)`);
  return true;
}
