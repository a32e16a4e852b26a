/**
 * A fixed-width text table of comparisons for `benchbook compare`. Group keys equal in
 * every row are printed once above the table instead of in each row.
 */
import { terminalSafe, terminalSafeLine } from '../model/terminal-text';
import { NOISE_UNKNOWN } from './interval';
import { type Comparison, GROUP_KEYS, type Group } from './types';

export interface ComparisonTableOptions {
  /** Only rows of this metric (default: all rows given). */
  metric?: string;
}

function num(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  if (a === 0) return '0';
  return x.toPrecision(3);
}

function pct(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
}

function groupText(g: Group, skip: ReadonlySet<string>): string {
  return GROUP_KEYS.filter((k) => g[k] !== undefined && !skip.has(k))
    .map((k) => `${k}=${String(g[k])}`)
    .join(' ');
}

export function formatComparisonTable(comparisons: readonly Comparison[], opts: ComparisonTableOptions = {}): string {
  const rows = opts.metric ? comparisons.filter((c) => c.metric === opts.metric) : [...comparisons];
  if (rows.length === 0) return 'No comparable configurations.\n';
  // Keys with one value across all rows (present in every row) go to the header.
  const common = new Set<string>();
  for (const k of GROUP_KEYS) {
    const first = rows[0]!.group[k];
    if (first !== undefined && rows.every((r) => r.group[k] === first)) common.add(k);
  }
  const header = [
    'group',
    'metric',
    'baseline',
    'mean',
    'n',
    'candidate',
    'mean',
    'n',
    'change',
    '95% interval',
    'range',
    'efficiency',
    'flags',
  ];
  const body = rows.map((c) => [
    groupText(c.group, common) || '-',
    c.metric,
    c.baseline.label,
    num(c.baseline.mean),
    String(c.baseline.n),
    c.candidate.label,
    num(c.candidate.mean),
    String(c.candidate.n),
    pct(c.change_pct),
    c.ci95 ? `${pct(c.ci95[0])}..${pct(c.ci95[1])}` : NOISE_UNKNOWN,
    `${pct(c.change_pct_range[0])}..${pct(c.change_pct_range[1])}`,
    c.efficiency === undefined ? '' : c.efficiency.toFixed(2),
    c.flags.join(','),
  ]);
  const first = rows[0]!;
  const title = `${first.kind} by ${first.factor}${common.size ? `: ${groupText(first.group, new Set(GROUP_KEYS.filter((k) => !common.has(k))))}` : ''}`;
  // Labels and group values come from the inputs: escaped for the terminal (see terminal-text.ts).
  return `${terminalSafe(title)}\n${fixedWidthTable(header, body, new Set([3, 4, 6, 7, 8, 11]))}`;
}

/** Columns padded to their widest cell, numeric ones right-aligned, a dashed rule under the header. */
export function fixedWidthTable(header: readonly string[], rawBody: readonly string[][], numeric: ReadonlySet<number>): string {
  // Cells are escaped before they are measured, so an escaped control character keeps the columns aligned.
  const body = rawBody.map((r) => r.map(terminalSafeLine));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')}\n`;
}
