/**
 * `Quantized (A100, Q4K or Marlin)` over `75 tks/s (8B), 115 tks/s (8B, Marlin)`: a condition
 * header that names alternatives, over a cell holding as many values — the header says which
 * value is which, so each is a run of its own (`A100, Q4K` and `A100, Marlin`). Any other cell of
 * several values gives its first only (cell-value.ts), and values are never merged.
 */
import { recordId } from '../../model/ids';
import type { RunRecord } from '../../model/records';
import { setOwn, slugify } from '../../model/safe-keys';
import { spreadKey } from '../../model/units-cell';
import { cellForm } from '../tables/cell-forms';
import { readCell } from './cell-value';
import type { WideColumn } from './columns';

/** `A100, Q4K or Marlin` → the fixed part (`A100`) and the alternatives (`Q4K`, `Marlin`). */
function alternatives(condition: string): { fixed: string[]; alts: string[] } | undefined {
  const parts = condition.split(/\s*,\s*/);
  const k = parts.findIndex((p) => /\s+or\s+/i.test(p));
  if (k < 0) return undefined;
  const alts = (parts[k] ?? '').split(/\s+or\s+/i).map((a) => a.trim());
  if (alts.length < 2 || alts.some((a) => a === '')) return undefined;
  return { fixed: parts.filter((_, i) => i !== k), alts };
}

/** The run `run` of the condition column `v` (header `header`, cell `cell`), and one more per further alternative. */
export function alternativeRuns(run: RunRecord, v: WideColumn, header: string, cell: string): RunRecord[] {
  const named = alternatives(v.value);
  const form = cellForm(cell);
  if (!named || form?.shape !== 'several' || form.others.length + 1 !== named.alts.length) return [run];
  const label = (alt: string): string => [...named.fixed, alt].join(', ');
  const why = (alt: string, k: number): string =>
    `value ${k + 1} of '${cell.trim()}', for '${alt}': the header '${header}' names ${named.alts.length} alternatives`;
  const first = named.alts[0] ?? '';
  run.labels[run.labels.length - 1] = label(first);
  run.provenance[`metrics.${v.metric.key}`] = why(first, 0);
  const out = [run];
  form.others.forEach((o, i) => {
    const alt = named.alts[i + 1] ?? '';
    const read = readCell(header, v.metric, o.unit === undefined ? o.digits : `${o.digits} ${o.unit}`);
    if (read.kind !== 'metric') return;
    const copy = structuredClone(run);
    copy.id = recordId(run.source.file, run.source.line, run.source.row, `${v.variant}_${slugify(alt)}`);
    delete copy.metrics[v.metric.key];
    delete copy.metrics[spreadKey(v.metric.key)];
    setOwn(copy.metrics, read.key, read.value);
    copy.labels[copy.labels.length - 1] = label(alt);
    copy.provenance[`metrics.${read.key}`] = why(alt, i + 1);
    out.push(copy);
  });
  return out;
}
