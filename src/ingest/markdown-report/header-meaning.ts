/**
 * A report table's column header, read as the CSV columns are (csv/columns.ts) after what a
 * published table adds around it:
 *   - a footnote mark (`TP (1)`, `TP¹`, `Model*`, `TP<sup>1</sup>`) is no unit: dropped, and so is a
 *     "higher/lower is better" arrow (`Throughput ↑`); a unit in brackets (`[tok/s]`) is one in parentheses;
 *   - `Batch Size` is the engine's batch, a setting of the run and never a metric: kept in raw;
 *   - `Model Type` / `Model Family` (`**LLAMA**`) names the model's family: the model where no
 *     other column names one (table-runs.ts: a `Model ID` of `#1` is an id, not a model);
 *   - a measurement the vocabulary cannot place (`Throughput (out tok/s/GPU)`) is still a
 *     metric column: its cells are kept under the header's slug.
 */
import { hasMetricWord } from '../../model/label-meaning';
import { type ColumnMeaning, classifyColumn } from '../csv/columns';

const FOOTNOTE = /\s*(?:\(\d{1,2}\)|\[\d{1,2}\]|<sup>[^<]{1,8}<\/sup>|[¹²³⁴⁵⁶⁷⁸⁹]+|\*{1,3}|†|‡)\s*$/;
/** A column naming the model's family rather than the model. */
export const MODEL_FAMILY = /^model[\s_]*(?:type|family|arch(?:itecture)?)$/i;
const BATCH = /^(?:max(?:imum)?\s+)?batch(?:\s*size)?$|^bs$/i;

/** "Higher/lower is better" marks after a header (`Throughput ↑`, `TTFT (ms) ↓`). */
const BETTER = /\s*[↑↓⬆⬇▲▼]+\s*$/u;
/** A unit in brackets (`Throughput [tok/s]`): the same as one in parentheses. */
const BRACKET_UNIT = /\s*\[([^[\]]{1,20})\]\s*$/;

/** `t/s` (llama.cpp's and its users' tokens per second) spelled as the vocabulary knows it. */
const T_PER_S = /(^|[\s(])t\/s(?=$|[\s)])/gi;

export function withoutFootnote(header: string): string {
  const bare = header
    .replace(BETTER, '')
    .replace(FOOTNOTE, '')
    .replace(BETTER, '')
    .trim()
    .replace(BRACKET_UNIT, ' ($1)')
    .replace(T_PER_S, '$1tok/s');
  return bare === '' ? header.trim() : bare;
}

/** `toolMap`: a tool's column meanings when its header says the table is the tool's (lmdeploy-columns.ts). */
export function reportColumn(header: string, toolMap?: Record<string, string>): ColumnMeaning {
  if (toolMap && Object.hasOwn(toolMap, header.trim())) return classifyColumn(header.trim(), toolMap);
  const bare = withoutFootnote(header);
  if (BATCH.test(bare.replace(/[_-]+/g, ' ').trim())) return { kind: 'raw' };
  if (MODEL_FAMILY.test(bare)) return { kind: 'context', field: 'model' };
  return classifyColumn(bare);
}

/** A header that names a measurement the vocabulary has no key for (its cells become a slug metric). */
export function isUnplacedMeasurement(header: string, meaning: ColumnMeaning): boolean {
  return meaning.kind === 'unknown' && hasMetricWord(header);
}
