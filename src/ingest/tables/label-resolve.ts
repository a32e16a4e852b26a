/**
 * What a table's label (a row's first cell or a column's header) means, for tables no tool
 * reader claims: the tool vocabulary first (meaningOf), then the report/CSV header rules
 * (reportColumn: `TTFT (ms)` with no statistic is the mean, `Tok/s` with no direction is
 * generated tokens, `TP` and `Model` are settings, `Batch` is kept in raw), after the marks a
 * published table adds (`Throughput [tok/s] ↑`, `TTFT¹`). A setting is never a metric.
 */

import { lookupLabel, normaliseStat } from '../../model/metric-vocabulary';
import type { ContextField } from '../csv/columns';
import { isVocabularyKey } from '../csv/columns';
import { reportColumn, withoutFootnote } from '../markdown-report/header-meaning';
import { aliasLabel, type Meaning, meaningOf } from './tool-metrics';

export type LabelRead =
  | { kind: 'metric'; key: string; factor: number; note?: string }
  | { kind: 'client'; key: Extract<Meaning, { kind: 'client' }>['key'] }
  | { kind: 'setting'; field: ContextField }
  | { kind: 'raw' };

/** The label's meaning, and whether the vocabulary knows it (a slug of an unknown label is not known). */
export function resolveLabel(label: string, opts: { unit?: string; stat?: string }): { read: LabelRead; known: boolean } {
  const bare = withoutFootnote(label);
  const meaning = meaningOf(bare, opts);
  if (meaning.kind === 'client') return { read: meaning, known: true };
  const stat = opts.stat ? (normaliseStat(opts.stat) ?? 'p99') : undefined;
  if (lookupLabel(aliasLabel(bare), { ...opts, ...(stat ? { stat } : {}) }) !== undefined) return { read: meaning, known: true };
  if (opts.stat === undefined) {
    const column = reportColumn(bare);
    if (column.kind === 'metric' && isVocabularyKey(column.key)) {
      const read: LabelRead = { kind: 'metric', key: column.key, factor: column.factor };
      if (column.note) read.note = column.note;
      return { read, known: true };
    }
    if (column.kind === 'context') return { read: { kind: 'setting', field: column.field }, known: false };
    if (column.kind === 'raw' || column.kind === 'derived' || column.kind === 'record') return { read: { kind: 'raw' }, known: false };
  }
  return { read: meaning, known: false };
}
