/** Small helpers shared by the section view builders. */
import { engineName as analyzeEngineName } from '../../analyze/factors';
import type { Configuration, Group, GroupKey } from '../../analyze/types';
import type { RunRecord } from '../../model/records';
import { formatNumber, mdInline, metricName } from '../helpers';
import type { MdTable } from './types';

/** Column headings of the group keys. */
export const KEY_NAMES: Record<GroupKey, string> = {
  engine: 'Engine',
  model: 'Model',
  gpu: 'GPU',
  preset: 'Preset',
  gpus: 'GPUs',
  strategy: 'Strategy',
  // Plain in Markdown (searchable); the HTML header gets a soft hyphen (markdown-to-html.ts).
  concurrency: 'Concurrency',
  max_tokens: 'Max tokens',
  context_length: 'Context',
  api: 'API',
  mode: 'Mode',
  temperature: 'Temp.',
};

export { groupInOrder } from '../../model/group-in-order';

export function own<T>(o: Record<string, T>, k: string): T | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}

export function table(header: string[], numeric: boolean[], rows: string[][]): MdTable {
  return { header, align: numeric.map((n) => (n ? '---:' : '---')), rows };
}

export function engineName(e: unknown): string {
  if (typeof e !== 'string' || e === '') return '';
  return analyzeEngineName(e);
}

/** A setting as written: 8,192 and 0.7 (no magnitude rounding: settings are exact). */
export function formatSetting(v: number): string {
  return Number.isInteger(v) ? formatNumber(v) : String(v);
}

/** A group value as text (engine names capitalised), not yet escaped. */
export function valueText(key: string, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (key === 'engine') return engineName(v);
  if (key === 'api' && v === 'openai') return 'OpenAI';
  if (typeof v === 'number') return formatSetting(v);
  return String(v);
}

/** Decimals formatNumber would pick for x (so min and max print like their mean). */
function decimalsFor(x: number): number {
  const a = Math.abs(x);
  return a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
}

/** Configuration-level metric cell: mean, with min–max when there are repeats. */
export function statCell(conf: Configuration, metric: string): string {
  const s = own(conf.metrics, metric);
  if (!s) return '';
  const d = Number.isInteger(s.mean) && Number.isInteger(s.min) && Number.isInteger(s.max) ? 0 : decimalsFor(s.mean);
  const mean = formatNumber(s.mean, d);
  if (s.n > 1 && s.min !== s.max) return `${mean} (${formatNumber(s.min, d)}–${formatNumber(s.max, d)})`;
  return mean;
}

/** The values of `keys` in a group, as one string key. */
export function groupKeyOf(group: Group, keys: readonly GroupKey[]): string {
  return keys.map((k) => String(group[k] ?? '')).join('\u0000');
}

/**
 * How a file is named to a reader: its base name, or the path as given when two inputs
 * share a base name. Escaped.
 */
export function fileNamer(files: Iterable<string>): (file: string) => string {
  const all = [...new Set(files)];
  const base = (f: string): string => f.split(/[\\/]/).pop() ?? f;
  const counts = new Map<string, number>();
  for (const f of all) counts.set(base(f), (counts.get(base(f)) ?? 0) + 1);
  return (file) => mdInline((counts.get(base(file)) ?? 0) > 1 ? file : base(file));
}

/** Lines of a run id list, per file: `a.md lines 447, 477; b.md line 12` (escaped). */
export function runLines(ids: readonly string[], runsById: ReadonlyMap<string, RunRecord>, nameFile: (f: string) => string): string {
  const byFile = new Map<string, string[]>();
  for (const id of ids) {
    const run = runsById.get(id);
    const file = run?.source.file ?? id.replace(/:\d+(?::.*)?$/, '');
    const where = run ? (id.startsWith(`${run.source.file}:`) ? id.slice(run.source.file.length + 1) : String(run.source.line)) : '';
    const list = byFile.get(file) ?? [];
    if (where) list.push(where);
    byFile.set(file, list);
  }
  return [...byFile.entries()]
    .map(([file, ws]) => `${nameFile(file)}${ws.length ? ` line${ws.length > 1 ? 's' : ''} ${mdInline(ws.join(', '))}` : ''}`)
    .join('; ');
}

/** Metric keys in analysis text (`throughput_rps × latency_mean_s`) in words (throughput × latency mean). */
export function metricKeysToWords(text: string): string {
  return text.replace(/\b[a-z]+(?:_[a-z0-9]+)*_(?:s|ms|rps|tps|pct|count)\b/g, (k) => metricName(k).toLowerCase());
}
