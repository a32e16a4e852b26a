/**
 * Builds the report's view model: every value a template prints, already formatted and
 * Markdown-escaped. Templates only lay it out, so a user template cannot forget to escape
 * untrusted log text, and the built-in templates stay short.
 */

import type { Comparison, ComparisonKind, Configuration, Group, GroupKey, Summary } from '../analyze/types';
import type { Diagnostic } from '../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../model/records';
import {
  formatMetric,
  formatMetricValue,
  formatNumber,
  formatPercent,
  formatRange,
  mdCode,
  mdInline,
  metricLabel,
  metricName,
  sanitizeName,
} from './helpers';
import type { ReportConfig } from './report-config';
import { matchesWhere } from './report-config';

export interface ReportFigure {
  name: string;
  title: string;
  caption: string;
}

export interface ReportInput {
  title: string;
  runs: RunRecord[];
  env: EnvRecord[];
  samples: SampleRecord[];
  summary: Summary;
  figures: ReportFigure[];
  diagnostics: Diagnostic[];
  config: ReportConfig;
  /** Printed only when given: the report has no wall-clock date otherwise (deterministic). */
  generatedAt?: string;
}

/** A pipe table; cells are Markdown-ready. `align` holds the delimiter row's cells. */
export interface MdTable {
  header: string[];
  align: string[];
  rows: string[][];
}

/** More runs than this: the appendix is summarised per file instead of one row per run. */
export const APPENDIX_RUN_LIMIT = 500;
const ROW_CAP = 200;
const OBSERVATION_CAP = 100;

const ENGINE_NAMES: Record<string, string> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  tgi: 'TGI',
  trtllm: 'TensorRT-LLM',
  nim: 'NIM',
  other: 'other',
};

const KEY_NAMES: Record<GroupKey, string> = {
  engine: 'Engine',
  model: 'Model',
  gpu: 'GPU',
  preset: 'Preset',
  gpus: 'GPUs',
  strategy: 'Strategy',
  concurrency: 'Concurrency',
  max_tokens: 'Max tokens',
  context_length: 'Context',
  api: 'API',
  mode: 'Mode',
  temperature: 'Temperature',
};

const KIND_HEADINGS: Record<ComparisonKind, string> = {
  scaling: 'Scaling (GPU count)',
  parallelism: 'Parallelism (pipeline vs tensor)',
  engine: 'Engine (SGLang, … vs vLLM)',
  mode: 'Mode (think vs no-think, native vs OpenAI API, context length)',
  custom: 'Other comparisons',
};
const KIND_ORDER: ComparisonKind[] = ['scaling', 'parallelism', 'engine', 'mode', 'custom'];

/** Keys that say what is served (one results table each) vs. what varies inside it. */
const SECTION_KEYS: GroupKey[] = ['engine', 'model', 'gpu', 'preset', 'api', 'mode'];
const ROW_KEYS: GroupKey[] = ['gpus', 'strategy', 'concurrency', 'max_tokens', 'context_length', 'temperature'];

/** Metrics shown in result tables, in this order, when present. */
const PREFERRED_METRICS = [
  'throughput_rps',
  'output_tps',
  'total_tps',
  'input_tps',
  'ttft_mean_ms',
  'ttft_p99_ms',
  'tpot_mean_ms',
  'itl_mean_ms',
  'latency_mean_s',
  'latency_p99_s',
];
const MAX_METRIC_COLUMNS = 6;
const THROUGHPUT_METRICS = ['throughput_rps', 'output_tps', 'total_tps', 'goodput_rps', 'input_tps'];

/** Items grouped by a key, groups in order of first appearance. */
function groupInOrder<T>(items: Iterable<T>, keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/** Above this share of failed requests a run is not a fair basis for a headline (as in analysis). */
const FAILED_SHARE_LIMIT = 0.1;

/** The largest share of failed requests among the runs on either side of a comparison. */
function failedShare(c: Comparison, runsById: Map<string, RunRecord>): number {
  let worst = 0;
  for (const ids of [c.baseline.runs, c.candidate.runs]) {
    for (const id of ids) {
      const m = runsById.get(id)?.metrics;
      const failed = m?.requests_failed_count;
      if (!m || failed === undefined || failed <= 0) continue;
      const total = (m.requests_ok_count ?? 0) + failed;
      if (total > 0) worst = Math.max(worst, failed / total);
    }
  }
  return worst;
}

/** First of each list, then second of each, and so on. */
function interleave<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** The values of `keys` in a group, as one string key. */
function groupKeyOf(group: Group, keys: readonly GroupKey[]): string {
  return keys.map((k) => String(group[k] ?? '')).join('\u0000');
}

function own<T>(o: Record<string, T>, k: string): T | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}

function table(header: string[], numeric: boolean[], rows: string[][]): MdTable {
  return { header, align: numeric.map((n) => (n ? '---:' : '---')), rows };
}

function engineName(e: unknown): string {
  if (typeof e !== 'string') return '';
  return own(ENGINE_NAMES, e) ?? e;
}

/** A group value as text (engine names capitalised), not yet escaped. */
function valueText(key: string, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (key === 'engine') return engineName(v);
  if (typeof v === 'number') return formatSetting(v);
  return String(v);
}

/** A setting as written: 8,192 and 0.7 (no magnitude rounding: settings are exact). */
function formatSetting(v: number): string {
  return Number.isInteger(v) ? formatNumber(v) : String(v);
}

/** Decimals formatNumber would pick for x (so min and max print like their mean). */
function decimalsFor(x: number): number {
  const a = Math.abs(x);
  return a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
}

/** "vLLM · Qwen7B-awq · 30 concurrent" style description of the given keys of a group. */
function describeGroup(group: Group, keys: readonly GroupKey[]): string {
  const parts: string[] = [];
  for (const k of keys) {
    const v = group[k];
    if (v === undefined) continue;
    const text = valueText(k, v);
    if (k === 'engine' || k === 'model' || k === 'gpu' || k === 'preset' || k === 'strategy' || k === 'mode') parts.push(text);
    else if (k === 'gpus') parts.push(`${text} GPU${v === 1 ? '' : 's'}`);
    else if (k === 'api') parts.push(`${text} API`);
    else if (k === 'concurrency') parts.push(`concurrency ${text}`);
    else if (k === 'max_tokens') parts.push(`max tokens ${text}`);
    else if (k === 'context_length') parts.push(`context ${text}`);
    else parts.push(`${k.replace(/_/g, ' ')} ${text}`);
  }
  return parts.join(' · ');
}

/** Splits a run id `file:line[:row][:variant]` into file and the rest. */
function splitRunId(id: string, runsById: Map<string, RunRecord>): { file: string; where: string } {
  const run = runsById.get(id);
  if (run) {
    const rest = id.startsWith(`${run.source.file}:`) ? id.slice(run.source.file.length + 1) : String(run.source.line);
    return { file: run.source.file, where: rest };
  }
  const m = /^(.*?):(\d+(?::.*)?)$/.exec(id);
  return m && m[1] !== undefined && m[2] !== undefined ? { file: m[1], where: m[2] } : { file: id, where: '' };
}

/** Run ids compressed per file: `data/a.md:447, 477; data/b.md:12` (escaped). */
function runRefs(ids: readonly string[], runsById: Map<string, RunRecord>): string {
  const byFile = new Map<string, string[]>();
  for (const id of ids) {
    const { file, where } = splitRunId(id, runsById);
    const list = byFile.get(file) ?? [];
    if (where) list.push(where);
    byFile.set(file, list);
  }
  return [...byFile.entries()].map(([file, wheres]) => mdInline(wheres.length ? `${file}:${wheres.join(', ')}` : file)).join('; ');
}

function sideCell(side: Comparison['baseline'], metric: string): string {
  return `${mdInline(side.label)}: ${formatMetric(side.mean, metric)}`;
}

function flagsText(flags: readonly string[]): string {
  return flags.map((f) => mdInline(f)).join(', ');
}

/** Configuration-level metric cell: mean, with min–max when there are repeats. */
function statCell(conf: Configuration, metric: string): string {
  const s = own(conf.metrics, metric);
  if (!s) return '';
  const d = Number.isInteger(s.mean) && Number.isInteger(s.min) && Number.isInteger(s.max) ? 0 : decimalsFor(s.mean);
  const mean = formatNumber(s.mean, d);
  if (s.n > 1 && s.min !== s.max) return `${mean} (${formatNumber(s.min, d)}–${formatNumber(s.max, d)})`;
  return mean;
}

function pickMetrics(confs: readonly Configuration[]): string[] {
  const present = new Set<string>();
  for (const c of confs) for (const k of Object.keys(c.metrics)) present.add(k);
  const chosen = PREFERRED_METRICS.filter((m) => present.has(m));
  if (chosen.length === 0) return [...present].sort().slice(0, 4);
  return chosen.slice(0, MAX_METRIC_COLUMNS);
}

function comparisonPasses(c: Comparison, where: ReportConfig['where']): boolean {
  if (!where) return true;
  // The factor's own key is on the sides, not in the group: either side may match it.
  const factor = c.factor;
  if (Object.hasOwn(where, factor)) {
    const { [factor as GroupKey]: want, ...rest } = where;
    const sideMatch = [c.baseline.value, c.candidate.value].some((v) => String(v).toLowerCase() === String(want).toLowerCase());
    return sideMatch && matchesWhere(c.group, rest);
  }
  return matchesWhere(c.group, where);
}

export interface ReportView {
  title: string;
  generatedAt: string;
  sections: string[];
  summary: {
    headlines: string[];
    runs: number;
    files: number;
    configurations: number;
    comparisons: number;
    inconclusive: number;
    filter: string;
  };
  environment: {
    gpus?: MdTable;
    gpuSource: string;
    hardware?: MdTable;
    engines?: MdTable;
    models?: MdTable;
    clients?: MdTable;
    clientsMore: number;
  };
  methodology: {
    runs: number;
    files: number;
    configurations: number;
    repeats: string;
    excluded: number;
    kinds: string;
  };
  results: { groups: Array<{ heading: string; table: MdTable }>; more: number };
  comparisons: {
    kinds: Array<{ kind: string; heading: string; common: string; subsections: Array<{ heading: string; table: MdTable }> }>;
    blocked?: MdTable;
    any: boolean;
  };
  charts: { figures: Array<{ n: number; name: string; path: string; alt: string; title: string; caption: string }> };
  observations: { items: string[]; more: number };
  consistency: {
    findings?: MdTable;
    warmups?: MdTable;
    duplicates: number;
    diagnostics?: MdTable;
    diagnosticCounts: string;
    diagnosticsMore: number;
  };
  appendix: {
    summarised: boolean;
    limit: number;
    runs?: MdTable;
    files?: MdTable;
    configurations?: MdTable;
    comparisons?: MdTable;
    more: number;
  };
}

/** Builds the view model (pure). */
export function buildReportView(input: ReportInput, sections: string[]): ReportView {
  const where = input.config.where;
  const runs = input.runs.filter((r) => r.kind === 'run');
  const runsById = new Map(runs.map((r) => [r.id, r] as const));
  const configurations = input.summary.configurations.filter((c) => matchesWhere(c.group, where));
  const kindsWanted = input.config.comparisons;
  const shown = input.summary.comparisons.filter((c) => comparisonPasses(c, where) && (!kindsWanted || kindsWanted.includes(c.kind)));
  // Display order (kind, then served setup in first-seen order) so refs K1, K2 … read in order.
  const varyingByKind = new Map<ComparisonKind, GroupKey[]>();
  const comparisons: Comparison[] = [];
  for (const kind of KIND_ORDER) {
    const list = shown.filter((c) => c.kind === kind);
    const keys = (Object.keys(KEY_NAMES) as GroupKey[]).filter((k) => list.some((c) => c.group[k] !== undefined));
    const varying = keys.filter((k) => new Set(list.map((c) => String(c.group[k] ?? ''))).size > 1);
    varyingByKind.set(kind, varying);
    const headingKeys = SECTION_KEYS.filter((k) => varying.includes(k));
    for (const l of groupInOrder(list, (c) => groupKeyOf(c.group, headingKeys))) comparisons.push(...l);
  }
  const confRef = new Map<string, string>();
  for (const [i, c] of configurations.entries()) confRef.set(c.id, `C${i + 1}`);
  const cmpRef = new Map<Comparison, string>();
  for (const [i, c] of comparisons.entries()) cmpRef.set(c, `K${i + 1}`);
  const files = new Set<string>(runs.map((r) => r.source.file));
  for (const i of input.summary.inputs) files.add(i.file);

  // --- summary -----------------------------------------------------------------------
  const inconclusive = comparisons.filter((c) => c.flags.includes('inconclusive')).length;
  // Each candidate's failed share is worked out once, not per comparison the sort makes (a
  // side of a comparison can hold thousands of repeats).
  const headlineCandidates = comparisons
    .filter((c) => THROUGHPUT_METRICS.includes(c.metric))
    .map((c, i) => ({ c, i, failed: failedShare(c, runsById) }))
    .sort((a, b) => {
      const ia = a.c.flags.includes('inconclusive') ? 1 : 0;
      const ib = b.c.flags.includes('inconclusive') ? 1 : 0;
      if (ia !== ib) return ia - ib;
      // A change driven by runs that lost many requests is no headline.
      const fa = a.failed > FAILED_SHARE_LIMIT ? 1 : 0;
      const fb = b.failed > FAILED_SHARE_LIMIT ? 1 : 0;
      if (fa !== fb) return fa - fb;
      const ma = THROUGHPUT_METRICS.indexOf(a.c.metric);
      const mb = THROUGHPUT_METRICS.indexOf(b.c.metric);
      if (ma !== mb) return ma - mb;
      // The largest changes first: they are what a reader looks for.
      const da = Math.abs(b.c.change_pct) - Math.abs(a.c.change_pct);
      if (da !== 0) return da;
      return a.i - b.i;
    });
  // Taken in turn from each kind of comparison, so a report about pipeline vs tensor does not
  // lead with six GPU-count comparisons.
  const headlinePicks = interleave(groupInOrder(headlineCandidates, ({ c }) => c.kind)).slice(0, 6);
  const headlines = headlinePicks.map(({ c, failed }) => {
    const where = describeGroup(c.group, varyingByKind.get(c.kind) ?? []);
    let s = `**${mdInline(c.candidate.label)} vs ${mdInline(c.baseline.label)}**${where ? ` (${mdInline(where)})` : ''}: ${mdInline(metricName(c.metric).toLowerCase())} ${formatPercent(c.change_pct)}`;
    s += ` (spread ${formatRange(c.change_pct_range)})`;
    if (c.efficiency !== undefined) s += `, scaling efficiency ${formatNumber(c.efficiency, 2)}`;
    if (c.flags.length) s += ` — ${flagsText(c.flags)}`;
    if (failed > FAILED_SHARE_LIMIT) s += ` — ${formatNumber(failed * 100, 0)}% of the requests of one of its runs failed`;
    return `${s} [${cmpRef.get(c) ?? ''}]`;
  });
  const filterText =
    where && Object.keys(where).length
      ? Object.entries(where)
          .map(([k, v]) => `${k} = ${v}`)
          .join(', ')
      : '';

  // --- environment -------------------------------------------------------------------
  let gpus: MdTable | undefined;
  let gpuSource = '';
  if (input.env.length) {
    gpuSource = 'nvidia-smi';
    const rows = new Map<string, { cells: string[]; snapshots: number }>();
    for (const e of input.env) {
      const names = new Map<string, number>();
      for (const g of e.gpus) names.set(g.name ?? 'GPU', (names.get(g.name ?? 'GPU') ?? 0) + 1);
      const gpuText = [...names.entries()].map(([n, k]) => `${k} × ${n}`).join(', ');
      const mem = [...new Set(e.gpus.map((g) => g.memory_total_mib).filter((m): m is number => m !== undefined))]
        .map((m) => `${formatNumber(m)} MiB`)
        .join(', ');
      const key = [e.source.file, gpuText, mem, e.driver ?? '', e.cuda ?? ''].join('\u0000');
      const row = rows.get(key);
      if (row) row.snapshots++;
      else
        rows.set(key, {
          cells: [mdInline(`${e.source.file}:${e.source.line}`), mdInline(gpuText), mem, mdInline(e.driver ?? ''), mdInline(e.cuda ?? '')],
          snapshots: 1,
        });
    }
    gpus = table(
      ['Source', 'GPUs', 'Memory per GPU', 'Driver', 'CUDA', 'Snapshots'],
      [false, false, true, false, false, true],
      [...rows.values()].map((r) => [...r.cells, String(r.snapshots)]),
    );
  }
  // Hardware the runs name (preset tables, --set): shown when there is no nvidia-smi dump,
  // and always for presets, which a dump cannot describe.
  let hardware: MdTable | undefined;
  {
    const rows = new Map<string, { cells: string[]; runs: number }>();
    for (const r of runs) {
      const h = r.hardware;
      if (!h || (input.env.length && h.preset === undefined)) continue;
      const cells = [
        mdInline(h.preset ?? ''),
        mdInline(h.gpu ?? ''),
        formatNumber(h.gpu_count),
        h.gpu_memory_mib !== undefined
          ? `${formatNumber(h.gpu_memory_mib)} MiB`
          : h.vram_gb !== undefined
            ? `${formatNumber(h.vram_gb)} GB`
            : '',
        formatNumber(h.vcpus),
        h.memory_gb !== undefined ? `${formatNumber(h.memory_gb)} GB` : '',
      ];
      const key = cells.join('\u0000');
      const row = rows.get(key);
      if (row) row.runs++;
      else rows.set(key, { cells, runs: 1 });
    }
    if (rows.size) {
      hardware = table(
        ['Preset', 'GPU', 'GPUs on machine', 'GPU memory', 'vCPUs', 'Memory', 'Runs'],
        [false, false, true, true, true, true, true],
        [...rows.values()].map((r) => [...r.cells, String(r.runs)]),
      );
    }
  }
  const engineRows = new Map<string, { cells: string[]; runs: number }>();
  const modelRows = new Map<string, { cells: string[]; runs: number }>();
  const clientRows = new Map<string, { cells: string[]; runs: number }>();
  for (const r of runs) {
    const p = r.parallelism;
    const par = p
      ? [p.tp !== undefined ? `tp ${p.tp}` : '', p.dp !== undefined ? `dp ${p.dp}` : '', p.pp !== undefined ? `pp ${p.pp}` : '']
          .filter(Boolean)
          .join(', ')
      : '';
    const ek = [r.engine ?? '', r.server?.command ?? '', par, r.server?.context_length ?? ''].join('\u0000');
    const e = engineRows.get(ek);
    if (e) e.runs++;
    else
      engineRows.set(ek, {
        cells: [
          mdInline(engineName(r.engine)),
          mdCode(r.server?.command ?? ''),
          mdInline(par),
          formatNumber(r.server?.context_length),
          mdInline(`${r.source.file}:${r.source.line}`),
        ],
        runs: 1,
      });
    if (r.model !== undefined || r.server?.model_path !== undefined || r.client?.model_path !== undefined) {
      const mk = [r.model ?? '', r.server?.model_path ?? r.client?.model_path ?? ''].join('\u0000');
      const m = modelRows.get(mk);
      if (m) m.runs++;
      else modelRows.set(mk, { cells: [mdInline(r.model ?? ''), mdCode(r.server?.model_path ?? r.client?.model_path ?? '')], runs: 1 });
    }
    const c = r.client;
    if (c) {
      const cells = [
        formatNumber(c.concurrency),
        formatNumber(c.total_requests),
        formatNumber(c.max_tokens),
        c.temperature !== undefined ? formatSetting(c.temperature) : '',
        formatNumber(c.request_rate),
        c.input_len !== undefined || c.output_len !== undefined ? `${formatNumber(c.input_len)} / ${formatNumber(c.output_len)}` : '',
        mdInline(c.url ?? ''),
      ];
      const ck = cells.join('\u0000');
      const row = clientRows.get(ck);
      if (row) row.runs++;
      else clientRows.set(ck, { cells, runs: 1 });
    }
  }
  const engines = engineRows.size
    ? table(
        ['Engine', 'Launch command', 'Parallelism', 'Context', 'First run', 'Runs'],
        [false, false, false, true, false, true],
        [...engineRows.values()].map((r) => [...r.cells, String(r.runs)]),
      )
    : undefined;
  const models = modelRows.size
    ? table(
        ['Model', 'Path', 'Runs'],
        [false, false, true],
        [...modelRows.values()].map((r) => [...r.cells, String(r.runs)]),
      )
    : undefined;
  const clientList = [...clientRows.values()];
  const clients = clientList.length
    ? table(
        ['Concurrency', 'Requests', 'Max tokens', 'Temperature', 'Request rate', 'Input / output len', 'URL', 'Runs'],
        [true, true, true, true, true, true, false, true],
        clientList.slice(0, 40).map((r) => [...r.cells, String(r.runs)]),
      )
    : undefined;

  // --- methodology -------------------------------------------------------------------
  const ns = configurations.map((c) => c.runs.length);
  // A loop, not Math.min(...ns): spreading a very large list overflows the call stack.
  let nMin = Infinity;
  let nMax = -Infinity;
  for (const n of ns) {
    nMin = Math.min(nMin, n);
    nMax = Math.max(nMax, n);
  }
  const repeats = ns.length ? (nMin === nMax ? String(nMin) : `${nMin}–${nMax}`) : '';
  const kinds = KIND_ORDER.filter((k) => comparisons.some((c) => c.kind === k));

  // --- results -----------------------------------------------------------------------
  const groups: ReportView['results']['groups'] = [];
  for (const confs of groupInOrder(configurations, (c) => groupKeyOf(c.group, SECTION_KEYS))) {
    const first = confs[0];
    if (!first) continue;
    const heading = describeGroup(first.group, SECTION_KEYS) || 'Runs';
    const rowKeys = ROW_KEYS.filter((k) => confs.some((c) => c.group[k] !== undefined));
    const metrics = pickMetrics(confs);
    const header = ['Ref', ...rowKeys.map((k) => KEY_NAMES[k]), 'n', ...metrics.map((m) => mdInline(metricLabel(m)))];
    const numeric = [false, ...rowKeys.map((k) => k !== 'strategy'), true, ...metrics.map(() => true)];
    const rows = confs.map((c) => [
      confRef.get(c.id) ?? '',
      ...rowKeys.map((k) => mdInline(valueText(k, c.group[k]))),
      c.excluded.length ? `${c.runs.length} (+${c.excluded.length} excl.)` : String(c.runs.length),
      ...metrics.map((m) => statCell(c, m)),
    ]);
    groups.push({ heading: mdInline(heading), table: table(header, numeric, rows) });
  }

  // --- comparisons -------------------------------------------------------------------
  const kindTables: ReportView['comparisons']['kinds'] = [];
  for (const kind of KIND_ORDER) {
    const list = comparisons.filter((c) => c.kind === kind);
    if (!list.length) continue;
    const keys = (Object.keys(KEY_NAMES) as GroupKey[]).filter((k) => list.some((c) => c.group[k] !== undefined));
    const varying = varyingByKind.get(kind) ?? [];
    const constant = keys.filter((k) => !varying.includes(k));
    const common = describeGroup(list[0]?.group ?? {}, constant);
    // One table per served setup (engine, model, GPU …) so the rows' group cell stays short.
    const headingKeys = SECTION_KEYS.filter((k) => varying.includes(k));
    const rowKeys = varying.filter((k) => !headingKeys.includes(k));
    const subsections: Array<{ heading: string; table: MdTable }> = [];
    for (const sub of groupInOrder(list, (x) => groupKeyOf(x.group, headingKeys))) {
      const first = sub[0];
      if (!first) continue;
      const withEff = sub.some((c) => c.efficiency !== undefined);
      const subRowKeys = rowKeys.filter((k) => sub.some((c) => c.group[k] !== undefined));
      const header = [
        'Ref',
        ...(subRowKeys.length ? ['Setting'] : []),
        'Metric',
        'Baseline',
        'Candidate',
        'n',
        'Change',
        'Spread (min … max)',
        ...(withEff ? ['Efficiency'] : []),
        'Flags',
      ];
      const numeric = [
        false,
        ...(subRowKeys.length ? [false] : []),
        false,
        true,
        true,
        true,
        true,
        true,
        ...(withEff ? [true] : []),
        false,
      ];
      const rows = sub.map((c) => [
        cmpRef.get(c) ?? '',
        ...(subRowKeys.length ? [mdInline(describeGroup(c.group, subRowKeys))] : []),
        mdInline(metricLabel(c.metric)),
        sideCell(c.baseline, c.metric),
        sideCell(c.candidate, c.metric),
        `${c.baseline.n}/${c.candidate.n}`,
        formatPercent(c.change_pct),
        formatRange(c.change_pct_range),
        ...(withEff ? [formatNumber(c.efficiency, 2)] : []),
        flagsText(c.flags),
      ]);
      subsections.push({ heading: mdInline(describeGroup(first.group, headingKeys)), table: table(header, numeric, rows) });
    }
    kindTables.push({ kind, heading: KIND_HEADINGS[kind], common: mdInline(common), subsections });
  }
  const blockedList = input.summary.blocked.filter((b) => !kindsWanted || kindsWanted.includes(b.kind));
  const blocked = blockedList.length
    ? table(
        ['Kind', 'Factor', 'Differs in', 'Baseline configuration', 'Candidate configuration'],
        [false, false, false, false, false],
        blockedList
          .slice(0, ROW_CAP)
          .map((b) => [
            mdInline(b.kind),
            mdInline(b.factor),
            mdInline(b.field),
            `${confRef.get(b.baseline.configuration) ?? mdInline(b.baseline.configuration)} (${mdInline(`${b.field} = ${b.baseline.value ?? 'absent'}`)})`,
            `${confRef.get(b.candidate.configuration) ?? mdInline(b.candidate.configuration)} (${mdInline(`${b.field} = ${b.candidate.value ?? 'absent'}`)})`,
          ]),
      )
    : undefined;

  // --- charts ------------------------------------------------------------------------
  const figures =
    input.config.charts === false
      ? []
      : input.figures.map((f, i) => {
          const name = sanitizeName(f.name);
          return {
            n: i + 1,
            name,
            path: `charts/${name}.svg`,
            alt: mdInline(f.caption || f.title),
            title: mdInline(f.title),
            caption: mdInline(f.caption),
          };
        });

  // --- observations ------------------------------------------------------------------
  const observationList = input.summary.observations.filter((o) => matchesWhere(o.group, where) || Object.keys(o.group).length === 0);
  const items = observationList
    .slice(0, OBSERVATION_CAP)
    .map((o) => `${mdInline(o.text)}${o.runs.length ? ` (${runRefs(o.runs, runsById)})` : ''}`);

  // --- consistency -------------------------------------------------------------------
  const findingsList = input.summary.findings;
  const findings = findingsList.length
    ? table(
        ['Check', 'Run', 'Severity', 'Message', 'Expected', 'Actual'],
        [false, false, false, false, true, true],
        findingsList
          .slice(0, ROW_CAP)
          .map((f) => [
            mdInline(f.check),
            runRefs([f.run], runsById),
            mdInline(f.severity),
            mdInline(f.message),
            formatNumber(f.expected),
            formatNumber(f.actual),
          ]),
      )
    : undefined;
  const excludedBy = new Map<string, string>();
  for (const c of configurations) for (const e of c.excluded) excludedBy.set(e.run, `${confRef.get(c.id) ?? ''} (${e.reason})`);
  const warmRuns = runs.filter((r) => r.flags.includes('warmup-suspect'));
  const warmups = warmRuns.length
    ? table(
        ['Run', 'Labels', 'Throughput', 'Latency max / min', 'Left out of'],
        [false, false, true, true, false],
        warmRuns.slice(0, ROW_CAP).map((r) => {
          const max = r.metrics.latency_max_s;
          const min = r.metrics.latency_min_s;
          return [
            mdInline(r.id),
            mdInline(r.labels.join(' › ')),
            formatMetric(r.metrics.throughput_rps, 'throughput_rps'),
            max !== undefined && min !== undefined ? `${formatNumber(max, 2)} / ${formatNumber(min, 2)} s` : '',
            mdInline(excludedBy.get(r.id) ?? 'kept (no other repeats)'),
          ];
        }),
      )
    : undefined;
  const duplicates = runs.filter((r) => r.flags.includes('duplicate')).length;
  const serious = input.diagnostics.filter((d) => d.severity !== 'info');
  const counts = new Map<string, number>();
  for (const d of input.diagnostics) counts.set(`${d.severity} ${d.code}`, (counts.get(`${d.severity} ${d.code}`) ?? 0) + 1);
  const diagnosticCounts = [...counts.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, n]) => `${n} × ${mdInline(k)}`)
    .join(', ');
  const diagnostics = serious.length
    ? table(
        ['Where', 'Severity', 'Code', 'Message'],
        [false, false, false, false],
        serious
          .slice(0, ROW_CAP)
          .map((d) => [
            mdInline(d.file ? `${d.file}${d.line ? `:${d.line}` : ''}` : ''),
            d.severity,
            mdInline(d.code),
            mdInline(d.message),
          ]),
      )
    : undefined;

  // --- appendix ----------------------------------------------------------------------
  const summarised = runs.length > APPENDIX_RUN_LIMIT;
  let appendixRuns: MdTable | undefined;
  let appendixFiles: MdTable | undefined;
  if (!summarised && runs.length) {
    const ms = ['throughput_rps', 'output_tps', 'latency_mean_s'];
    const runConf = new Map<string, string>();
    for (const c of configurations) for (const id of c.runs) runConf.set(id, confRef.get(c.id) ?? '');
    for (const c of configurations)
      for (const e of c.excluded) if (!runConf.has(e.run)) runConf.set(e.run, `${confRef.get(c.id) ?? ''} (excl.)`);
    appendixRuns = table(
      ['Run (file:line)', 'Engine', 'Model', 'GPUs', 'Concurrency', ...ms.map((m) => mdInline(metricLabel(m))), 'Flags', 'Config'],
      [false, false, false, true, true, true, true, true, false, false],
      runs.map((r) => [
        mdInline(r.id),
        mdInline(engineName(r.engine)),
        mdInline(r.model ?? ''),
        formatNumber(r.parallelism?.gpus),
        formatNumber(r.client?.concurrency),
        ...ms.map((m) => formatMetricValue(own(r.metrics, m), m)),
        flagsText(r.flags),
        runConf.get(r.id) ?? '',
      ]),
    );
  } else if (runs.length) {
    const perFile = new Map<string, { runs: number; lo: number; hi: number; formats: Set<string>; flagged: number }>();
    for (const r of runs) {
      const f = perFile.get(r.source.file) ?? { runs: 0, lo: Infinity, hi: -Infinity, formats: new Set<string>(), flagged: 0 };
      f.runs++;
      f.lo = Math.min(f.lo, r.source.line);
      f.hi = Math.max(f.hi, r.source.line);
      f.formats.add(r.source.format);
      if (r.flags.length) f.flagged++;
      perFile.set(r.source.file, f);
    }
    appendixFiles = table(
      ['File', 'Runs', 'Lines', 'Formats', 'Flagged runs'],
      [false, true, false, false, true],
      [...perFile.entries()].map(([file, f]) => [
        mdInline(file),
        formatNumber(f.runs),
        `${f.lo}–${f.hi}`,
        mdInline([...f.formats].sort().join(', ')),
        formatNumber(f.flagged),
      ]),
    );
  }
  const confLimit = summarised ? ROW_CAP : Infinity;
  const appendixConfs = configurations.length
    ? table(
        ['Ref', 'Configuration', 'Runs in aggregate', 'Left out'],
        [false, false, false, false],
        configurations
          .slice(0, confLimit)
          .map((c) => [
            confRef.get(c.id) ?? '',
            mdInline(describeGroup(c.group, [...SECTION_KEYS, ...ROW_KEYS])),
            runRefs(c.runs, runsById),
            c.excluded.map((e) => `${runRefs([e.run], runsById)} (${mdInline(e.reason)})`).join('; '),
          ]),
      )
    : undefined;
  const appendixCmps = comparisons.length
    ? table(
        ['Ref', 'Metric', 'Baseline runs', 'Candidate runs'],
        [false, false, false, false],
        comparisons
          .slice(0, confLimit)
          .map((c) => [
            cmpRef.get(c) ?? '',
            mdInline(metricLabel(c.metric)),
            runRefs(c.baseline.runs, runsById),
            runRefs(c.candidate.runs, runsById),
          ]),
      )
    : undefined;
  const more = summarised ? Math.max(0, configurations.length - ROW_CAP) + Math.max(0, comparisons.length - ROW_CAP) : 0;

  return {
    title: mdInline(input.title),
    generatedAt: mdInline(input.generatedAt ?? ''),
    sections,
    summary: {
      headlines,
      runs: runs.length,
      files: files.size,
      configurations: configurations.length,
      comparisons: comparisons.length,
      inconclusive,
      filter: mdInline(filterText),
    },
    environment: { gpus, gpuSource, hardware, engines, models, clients, clientsMore: Math.max(0, clientList.length - 40) },
    methodology: {
      runs: runs.length,
      files: files.size,
      configurations: configurations.length,
      repeats,
      excluded: configurations.reduce((a, c) => a + c.excluded.length, 0),
      kinds: kinds.join(', '),
    },
    results: { groups, more: 0 },
    comparisons: { kinds: kindTables, blocked, any: kindTables.length > 0 },
    charts: { figures },
    observations: { items, more: Math.max(0, observationList.length - OBSERVATION_CAP) },
    consistency: {
      findings,
      warmups,
      duplicates,
      diagnostics,
      diagnosticCounts,
      diagnosticsMore: Math.max(0, serious.length - ROW_CAP),
    },
    appendix: {
      summarised,
      limit: APPENDIX_RUN_LIMIT,
      runs: appendixRuns,
      files: appendixFiles,
      configurations: appendixConfs,
      comparisons: appendixCmps,
      more,
    },
  };
}
