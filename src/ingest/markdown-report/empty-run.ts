/** The empty run every report-table reader starts from (table-runs.ts, statistic-table.ts). */
import { recordId } from '../../model/ids';
import type { RunRecord } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import type { ScannedTable } from './scan';

/** A run of the table at `t` (of its row `row`, when rows are runs), with the headings as labels. */
export function emptyRun(file: string, t: ScannedTable, row?: number, variant?: string): RunRecord {
  const title = t.headings[t.headings.length - 1]?.text;
  return {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, t.line, row, variant),
    source: row === undefined ? { file, line: t.line, format: t.kind } : { file, line: t.line, row, format: t.kind },
    ...(title !== undefined ? { title } : {}),
    labels: t.headings.map((h) => h.text),
    metrics: {},
    raw: {},
    provenance: {},
    flags: [],
  };
}
