/**
 * `benchbook capacity` and `benchbook history` output: a fixed-width table (fields equal in
 * every row printed once above it) or CSV rows (cells guarded against spreadsheet formulas).
 */
import Papa from 'papaparse';
import { csvSafeCell } from '../model/runs-csv';
import { terminalSafe } from '../model/terminal-text';
import type { CapacityGroup, CapacityLevel, CapacityResult } from './capacity';
import { fixedWidthTable } from './format-table';
import type { HistoryCapacity, HistoryCapacityPoint, HistoryResult } from './history';
import { NOISE_UNKNOWN } from './interval';
import type { GroupValue } from './types';

type Fields = Record<string, GroupValue>;

/** Fields with one value in every group (printed above the table) and the ones that vary (columns). */
export function splitFields(groups: readonly Fields[], order: readonly string[]): { common: Fields; varying: string[] } {
  const common: Fields = {};
  const varying: string[] = [];
  for (const f of order) {
    const values = new Set(groups.map((g) => (Object.hasOwn(g, f) ? String(g[f]) : '')));
    const first = groups[0] && Object.hasOwn(groups[0], f) ? groups[0][f] : undefined;
    if (values.size === 1 && first !== undefined) Object.defineProperty(common, f, { value: first, enumerable: true });
    else if (values.size > 1) varying.push(f);
  }
  return { common, varying };
}

function fieldsText(fields: Fields): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

function num(x: number | null | undefined, digits = 2): string {
  return x === null || x === undefined ? '' : String(Number(x.toFixed(digits)));
}

function cell(g: Fields, f: string): string {
  return Object.hasOwn(g, f) ? String(g[f]) : '';
}

function pctText(x: number | undefined): string {
  return x === undefined ? '' : `${Number((x * 100).toFixed(1))}%`;
}

function levelText(l: CapacityLevel): string {
  const state = l.failing.length ? '✗' : l.missing.length ? '?' : '✓';
  return `${l.value}${state} (${l.n}${l.request_share === undefined ? '' : `; ${pctText(l.request_share)}`})`;
}

/** A capacity's 95% interval, or why there is none. */
function intervalText(g: CapacityGroup): string {
  if (g.ci95) return `${num(g.ci95[0], 1)} … ${num(g.ci95[1], 1)}`;
  return g.repeats !== undefined && g.repeats < 2 ? NOISE_UNKNOWN : '';
}

/** Whether any level has a request share (the table and CSV then show it). */
function hasRequestShare(groups: readonly CapacityGroup[]): boolean {
  return groups.some((g) => g.levels.some((l) => l.request_share !== undefined));
}

/** What the request share covers and what limits it, under the table. */
function requestShareLines(result: CapacityResult, varying: readonly string[]): string[] {
  const basis = result.request_basis;
  if (!basis) return [];
  if (basis.targets.length === 0)
    return [`request share: not computed: no target has a per-request counterpart (${basis.not_covered.join(', ')}).`];
  const lines = [
    `request share: requests meeting ${basis.targets.join(', ')} on their own values (per level after its n; failed requests count against)${basis.not_covered.length ? `; not covered: ${basis.not_covered.join(', ')} (no per-request counterpart)` : ''}.`,
  ];
  for (const g of result.groups) {
    const who = varying.map((f) => `${f}=${cell(g.group, f) || '?'}`).join(' ');
    for (const l of g.levels) if (l.request_note) lines.push(`  ${who ? `${who} ` : ''}at ${l.value}: ${l.request_note}`);
  }
  lines.push(basis.method);
  return lines;
}

/** The capacity result as a text table. */
export function formatCapacityTable(result: CapacityResult): string {
  const targets = result.slo.map((t) => t.text).join(', ');
  if (result.groups.length === 0) return `No load sweep with ${targets} metrics was found.\n`;
  const { common, varying } = splitFields(
    result.groups.map((g) => g.group),
    result.by,
  );
  const shares = hasRequestShare(result.groups);
  const header = [
    ...varying,
    'load',
    'capacity',
    'bound',
    'goodput_rps',
    ...(shares ? ['request_share', 'request_goodput_rps'] : []),
    '95% interval',
    'limited_by',
    'levels (n)',
  ];
  const body = result.groups.map((g) => [
    ...varying.map((f) => cell(g.group, f)),
    g.load,
    g.max_concurrency === null
      ? '-'
      : `${g.bound === 'not-reached' ? '≥ ' : g.bound === 'interpolated' ? '≈ ' : ''}${num(g.max_concurrency, 1)}`,
    g.bound,
    num(g.goodput_rps),
    ...(shares ? [pctText(g.request_share), num(g.request_goodput_rps)] : []),
    intervalText(g),
    g.limited_by ?? '',
    g.levels.map(levelText).join(' '),
  ]);
  const right = new Set([varying.length + 1, varying.length + 3, ...(shares ? [varying.length + 4, varying.length + 5] : [])]);
  const excluded = result.groups.reduce((k, g) => k + g.excluded.length, 0);
  const lines = [
    `capacity within ${targets}${Object.keys(common).length ? ` — ${fieldsText(common)}` : ''}`,
    fixedWidthTable(header, body, right).trimEnd(),
    `levels: ✓ meets every target, ✗ fails one, ? a target metric is missing; (n) runs at the level.${excluded ? ` ${excluded} run(s) left out (warm-up suspects, duplicates, no load level).` : ''}`,
    result.method,
    ...requestShareLines(result, varying),
  ];
  return `${terminalSafe(lines.join('\n'))}\n`;
}

function csv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${Papa.unparse([header as string[], ...rows.map((r) => r.map((c) => csvSafeCell(c)))], { newline: '\n' })}\n`;
}

/** One CSV row per configuration (request share columns when a level has one; `value:state:n[:share]` per level). */
export function formatCapacityCsv(result: CapacityResult): string {
  const shares = hasRequestShare(result.groups);
  const header = [
    ...result.by,
    'load',
    'max_concurrency',
    'bound',
    'goodput_rps',
    'limited_by',
    'levels',
    ...(shares ? ['request_share', 'request_goodput_rps'] : []),
    'repeats',
    'ci95_low',
    'ci95_high',
    'ci_method',
  ];
  const rows = result.groups.map((g) => [
    ...result.by.map((f) => (Object.hasOwn(g.group, f) ? (g.group[f] as string | number) : null)),
    g.load,
    g.max_concurrency,
    g.bound,
    g.goodput_rps,
    g.limited_by,
    g.levels
      .map(
        (l) =>
          `${l.value}:${l.failing.length ? 'fails' : l.missing.length ? 'unknown' : 'meets'}:${l.n}${l.request_share === undefined ? '' : `:${l.request_share}`}`,
      )
      .join(' '),
    ...(shares ? [g.request_share ?? null, g.request_goodput_rps ?? null] : []),
    g.repeats ?? null,
    g.ci95?.[0] ?? null,
    g.ci95?.[1] ?? null,
    g.ci_method ?? null,
  ]);
  return csv(header, rows);
}

function pointText(at: { date?: string; version?: string }): string {
  return [at.date, at.version].filter(Boolean).join(' ');
}

function changeRows(result: HistoryResult, varying: readonly string[]): string[][] {
  return result.changes.flatMap((c) =>
    c.metrics.map((m, i) => [
      ...varying.map((f) => (i === 0 ? cell(c.group, f) : '')),
      i === 0 ? pointText(c.at) : '',
      i === 0 ? pointText(c.last_good) : '',
      m.metric,
      num(m.before, 3),
      num(m.after, 3),
      `${m.delta_pct >= 0 ? '+' : ''}${m.delta_pct.toFixed(1)}%`,
      i === 0 ? `${c.kind}${c.confirmed ? '' : ' (unconfirmed)'}` : m.kind === c.kind ? '' : m.kind,
    ]),
  );
}

/** The history result as a text table: one block per change (its metrics, headline first), then a line per series. */
export function formatHistoryTable(result: HistoryResult): string {
  if (result.series.length === 0) return 'No configuration was measured at more than one date or engine version.\n';
  const { common, varying } = splitFields(
    result.series.map((s) => s.group),
    result.by,
  );
  const out = [`history${Object.keys(common).length ? ` — ${fieldsText(common)}` : ''}`];
  if (result.changes.length === 0) out.push('No change beyond the noise of its series.');
  else {
    const header = [...varying, 'at (first of new level)', 'last good', 'metric', 'before', 'after', 'change', 'kind'];
    const numeric = new Set([varying.length + 3, varying.length + 4, varying.length + 5]);
    out.push(fixedWidthTable(header, changeRows(result, varying), numeric).trimEnd());
  }
  const points = result.series.reduce((k, s) => k + s.points.length, 0);
  out.push(
    `${result.series.length} series, ${points} points.${result.excluded.length ? ` ${result.excluded.length} run(s) left out.` : ''}`,
  );
  const short = result.not_enough_data;
  if (short.length)
    out.push(
      `Not enough data to confirm a step in ${short.length} series (fewer than ${short[0]!.needed} points; only a change of the newest points is flagged): ${short.map((s) => `${s.metric} (${s.points})`).join(', ')}.`,
    );
  out.push(result.rule);
  if (result.capacity) out.push('', ...capacityHistoryLines(result.capacity, result.by));
  return `${terminalSafe(out.join('\n'))}\n`;
}

function capacityCell(p: HistoryCapacityPoint): string {
  if (p.max_concurrency === null) return 'never met';
  const ci = p.ci95 ? ` [${num(p.ci95[0], 1)} … ${num(p.ci95[1], 1)}]` : p.repeats < 2 ? ` (${NOISE_UNKNOWN})` : '';
  return `${p.bound === 'not-reached' ? '≥ ' : p.bound === 'interpolated' ? '≈ ' : ''}${num(p.max_concurrency, 1)}${ci}`;
}

/** history --slo: the flagged capacity changes in words, then each setup's capacity and goodput per version. */
function capacityHistoryLines(h: HistoryCapacity, by: readonly string[]): string[] {
  const targets = h.slo.map((t) => t.text).join(', ');
  const { varying } = splitFields(
    h.series.map((s) => s.group),
    by,
  );
  const who = (g: Fields): string => varying.map((f) => `${f}=${cell(g, f) || '?'}`).join(' ');
  if (h.series.length === 0) return [`capacity within ${targets}: no setup has load sweeps at two or more versions or dates.`];
  const out = [`capacity within ${targets} across versions`];
  if (h.changes.length === 0) out.push('No capacity or goodput change between versions.');
  for (const c of h.changes) {
    const moves = c.metrics.map(
      (m) => `${m.metric} ${num(m.before, 1)} → ${num(m.after, 1)} (${m.delta_pct >= 0 ? '+' : ''}${m.delta_pct.toFixed(1)}%)`,
    );
    const unconfirmed = c.confirmed ? '' : ', unconfirmed: no later sweep yet';
    out.push(
      `${c.kind}: ${who(c.group) ? `${who(c.group)}: ` : ''}${c.text} (last good ${pointText(c.last_good)}; ${moves.join(', ')}${unconfirmed})`,
    );
  }
  const header = [...varying, 'version / date', 'capacity', 'bound', 'goodput_rps', 'levels', 'file'];
  const body = h.series.flatMap((s) =>
    s.points.map((p, i) => [
      ...varying.map((f) => (i === 0 ? cell(s.group, f) : '')),
      pointText(p),
      capacityCell(p),
      p.bound,
      num(p.goodput_rps),
      `${p.levels} (n ≥ ${p.repeats})`,
      p.file ?? '',
    ]),
  );
  out.push(fixedWidthTable(header, body, new Set([varying.length + 3])).trimEnd(), h.rule);
  return out;
}

/** history --slo: one CSV row per sweep and metric (`capacity` within the targets, `goodput_rps` there). */
function capacityCsvRows(result: HistoryResult): Array<Array<string | number | null>> {
  const h = result.capacity;
  if (!h) return [];
  const rows: Array<Array<string | number | null>> = [];
  const targets = h.slo.map((t) => t.text).join(',');
  for (const s of h.series) {
    for (const p of s.points) {
      const change = h.changes.find((x) => x.group === s.group && x.at.date === p.date && x.at.version === p.version);
      for (const metric of ['max_concurrency', 'goodput_rps'] as const) {
        const c = change?.metrics.find((m) => m.metric === metric);
        rows.push([
          ...result.by.map((f) => (Object.hasOwn(s.group, f) ? (s.group[f] as string | number) : null)),
          `${metric === 'max_concurrency' ? 'capacity' : 'goodput_rps'} within ${targets}`,
          p.date ?? null,
          p.version ?? null,
          p[metric],
          p.repeats,
          c?.kind ?? null,
          c ? c.delta_pct : null,
          c ? String(change!.confirmed) : null,
          p.file ?? null,
        ]);
      }
    }
  }
  return rows;
}

/** One CSV row per series point, with the change flagged at it (if any); with targets, capacity and goodput rows after. */
export function formatHistoryCsv(result: HistoryResult): string {
  const header = [...result.by, 'metric', 'date', 'version', 'value', 'n', 'change', 'delta_pct', 'confirmed', 'file'];
  const rows: Array<Array<string | number | null>> = [];
  for (const s of result.series) {
    for (const p of s.points) {
      const change = result.changes.find((x) => x.group === s.group && x.at.date === p.date && x.at.version === p.version);
      const c = change?.metrics.find((m) => m.metric === s.metric);
      rows.push([
        ...result.by.map((f) => (Object.hasOwn(s.group, f) ? (s.group[f] as string | number) : null)),
        s.metric,
        p.date ?? null,
        p.version ?? null,
        p.value,
        p.n,
        c?.kind ?? null,
        c ? c.delta_pct : null,
        c ? String(change!.confirmed) : null,
        p.file ?? null,
      ]);
    }
  }
  rows.push(...capacityCsvRows(result));
  return csv(header, rows);
}
