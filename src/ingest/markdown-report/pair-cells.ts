/**
 * A comparison grid whose cells hold two figures each (`81.0 / 51`), their meaning said once in
 * the sentence right above the table ("Values are decode tokens per second / time to first
 * token in milliseconds."), as blog posts compare tools (rows) on models (columns). Each cell
 * with both figures is one run: the row names it (its engine when the label names one), the
 * column header is its model. A cell with no pair (`crashed`, `–`) is no run, and is said.
 */

import type { RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { setContextField } from '../csv/columns';
import { engineOfLabel } from '../scope/labels';
import { proseCaptions } from '../tables/generic-context';
import { metricOf } from './columns';
import { reportColumn } from './header-meaning';
import type { ScannedTable } from './scan';
import type { TableContext } from './scope';
import { emptyRun } from './table-runs';

const PAIR_CELL = /^\s*(\d[\d,]*(?:\.\d+)?)\s*\/\s*(\d[\d,]*(?:\.\d+)?)\s*$/;
/** "Values are A / B", "Cells show A / B", "Numbers: A / B". */
const CAPTION = /\b(?:values|cells|numbers|figures|entries)\s*(?:are|show|give|:)\s*(.+?)\s*\/\s*(.+?)\s*[.:]?\s*$/i;
const UNIT_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\s+in\s+(?:milliseconds|ms)$/i, ' (ms)'],
  [/\s+in\s+(?:seconds|s)$/i, ' (s)'],
];

type PairMeaning = Array<{ key: string; factor: number; phrase: string }>;

/** A caption phrase as a column label (`time to first token in milliseconds` → `time to first token (ms)`). */
function phraseMetric(phrase: string): { key: string; factor: number } | undefined {
  let label = phrase.trim();
  for (const [re, unit] of UNIT_WORDS) label = label.replace(re, unit);
  return metricOf(reportColumn(label));
}

/** What the two figures of each cell mean, from the sentence right above `t`; undefined when it says nothing of the kind. */
function pairMeaning(t: ScannedTable, prose: TableContext['prose']): { meaning: PairMeaning; where: string } | undefined {
  if (!prose || t.kind !== 'pipe-table') return undefined;
  const [nearest] = proseCaptions(prose, t.line);
  const m = nearest ? CAPTION.exec(nearest.text) : null;
  if (!nearest || !m?.[1] || !m[2]) return undefined;
  const meaning: PairMeaning = [];
  for (const phrase of [m[1], m[2]]) {
    const metric = phraseMetric(phrase);
    if (!metric) return undefined;
    meaning.push({ ...metric, phrase: phrase.trim() });
  }
  return meaning[0]?.key === meaning[1]?.key ? undefined : { meaning, where: nearest.where };
}

/** Whether `t` is such a grid: a corner, named columns, and pairs in at least half of its body cells. */
export function isPairGrid(t: ScannedTable, prose: TableContext['prose']): boolean {
  if (t.header.length < 2 || t.rows.length === 0) return false;
  const body = t.rows.flatMap((r) => r.slice(1));
  return body.filter((c) => PAIR_CELL.test(c)).length * 2 >= body.length && pairMeaning(t, prose) !== undefined;
}

/** One run per pair cell of the grid `t`. */
export function pairGridRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  const said = pairMeaning(t, ctx.prose);
  if (!said) return [];
  const runs: RunRecord[] = [];
  const skipped: string[] = [];
  t.rows.forEach((cells, index) => {
    const label = (cells[0] ?? '').trim();
    for (let c = 1; c < t.header.length; c++) {
      const column = (t.header[c] ?? '').trim();
      const cell = (cells[c] ?? '').trim();
      const m = PAIR_CELL.exec(cell);
      if (!m) {
        if (cell !== '') skipped.push(`'${cell}' (${label} / ${column})`);
        continue;
      }
      const run = emptyRun(ctx.file, t, index + 1, `column-${c + 1}`);
      setOwn(run.raw, (t.header[0] ?? '').trim() || 'row', label);
      setOwn(run.raw, column, cell);
      said.meaning.forEach((x, k) => {
        setOwn(run.metrics, x.key, Number((m[k + 1] ?? '').replace(/,/g, '')) * x.factor);
        run.provenance[`metrics.${x.key}`] = `figure ${k + 1} of the cell: '${x.phrase}' (the sentence ${said.where})`;
      });
      if (column !== '') setContextField(run, 'model', column, `the column is headed '${column}'`);
      const engine = engineOfLabel(label);
      if (engine) {
        run.engine = engine;
        run.provenance.engine = `the row is named '${label}'`;
      }
      runs.push(run);
    }
  });
  if (skipped.length > 0)
    ctx.diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `${skipped.length} cells of the table at line ${t.line} hold no pair of figures (${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', …' : ''}): no run`,
      file: ctx.file,
      line: t.line,
    });
  return runs;
}
