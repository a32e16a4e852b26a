/**
 * The appendix, moved out of the document into CSV files beside the report (written by
 * build-report through the same effects and output-path guard as every other file), and
 * the short "Appendix" section that says what each file holds. Each CSV is produced in
 * parts, so hundreds of thousands of runs never make one long string.
 */
import type { Configuration, Finding, Group, StudyQuestion, Summary } from '../../analyze/types';
import { GROUP_KEYS } from '../../analyze/types';
import { APPENDIX_CSV } from '../../charts';
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { csvHeaderLine, csvRowLines, type RunsCsvCell } from '../../model/runs-csv';
import { formatNumber, mdInline } from '../helpers';
import { checkWords } from './checks-view';
import { table } from './common';
import { flagsWords } from './flags';
import type { AppendixFile, ReportView } from './types';

const ROWS_PER_PART = 1000;

export interface AppendixCsv extends AppendixFile {
  /** The file's text, in parts. */
  parts(): Iterable<string>;
}

function* csvParts<T>(header: readonly string[], items: readonly T[], row: (item: T) => RunsCsvCell[]): Generator<string> {
  yield csvHeaderLine(header);
  for (let from = 0; from < items.length; from += ROWS_PER_PART) yield csvRowLines(items.slice(from, from + ROWS_PER_PART).map(row));
}

/** `engine=vllm concurrency=30` (known keys only). */
function settingKey(g: Group): string {
  return GROUP_KEYS.filter((k) => g[k] !== undefined)
    .map((k) => `${k}=${g[k]}`)
    .join(' ');
}

const RUN_METRICS = ['throughput_rps', 'output_tps', 'input_tps', 'latency_mean_s', 'latency_p99_s', 'ttft_mean_ms'];

function runsCsv(runs: readonly RunRecord[], configurations: readonly Configuration[]): AppendixCsv {
  const conf = new Map<string, { id: string; left: string }>();
  for (const c of configurations) {
    for (const id of c.runs) conf.set(id, { id: c.id, left: '' });
    for (const e of c.excluded)
      if (!conf.has(e.run))
        conf.set(e.run, { id: c.id, left: e.reason === 'duplicate' ? 'repeats a run read earlier' : 'warm-up suspect' });
  }
  const header = [
    'run',
    'file',
    'line',
    'engine',
    'model',
    'gpus',
    'concurrency',
    ...RUN_METRICS,
    'notes',
    'configuration',
    'left_out_of_average',
  ];
  return {
    name: 'appendix-runs.csv',
    what: 'every run with its file and line, main metrics, notes and the configuration it counts in',
    rows: runs.length,
    parts: () =>
      csvParts(header, runs, (r) => [
        r.id,
        r.source.file,
        r.source.line,
        r.engine ?? null,
        r.model ?? null,
        r.parallelism?.gpus ?? null,
        r.client?.concurrency ?? null,
        ...RUN_METRICS.map((m) => (Object.hasOwn(r.metrics, m) ? (r.metrics[m] ?? null) : null)),
        flagsWords(r.flags),
        conf.get(r.id)?.id ?? null,
        conf.get(r.id)?.left || null,
      ]),
  };
}

function configurationsCsv(configurations: readonly Configuration[]): AppendixCsv {
  const header = ['configuration', ...GROUP_KEYS, 'n', 'runs', 'left_out'];
  return {
    name: APPENDIX_CSV.configurations,
    what: 'every configuration (runs equal in every setting) with the runs in its averages and those left out',
    rows: configurations.length,
    parts: () =>
      csvParts(header, configurations, (c) => [
        c.id,
        ...GROUP_KEYS.map((k) => c.group[k] ?? null),
        c.runs.length,
        c.runs.join(' '),
        c.excluded.map((e) => `${e.run} (${e.reason === 'duplicate' ? 'repeats a run read earlier' : 'warm-up suspect'})`).join(' '),
      ]),
  };
}

const COMPARISON_COLUMNS = [
  'question',
  'kind',
  'factor',
  'metric',
  'setting',
  'baseline',
  'baseline_mean',
  'baseline_n',
  'baseline_min',
  'baseline_max',
  'candidate',
  'candidate_mean',
  'candidate_n',
  'candidate_min',
  'candidate_max',
  'change_pct',
  'change_pct_min',
  'change_pct_max',
  'ci95_low',
  'ci95_high',
  'ci_method',
  'efficiency',
  'notes',
  'flags',
  'baseline_runs',
  'candidate_runs',
];

function comparisonsCsv(summary: Summary, questions: readonly StudyQuestion[]): AppendixCsv {
  const questionOf = new Map<number, string>();
  for (const q of questions) for (const i of q.comparisons) questionOf.set(i, q.id);
  const side = (x: Summary['comparisons'][number]['baseline']): RunsCsvCell[] => [x.label, x.mean, x.n, x.min, x.max];
  const indexed = summary.comparisons.map((c, i) => ({ c, i }));
  return {
    name: APPENDIX_CSV.comparisons,
    what: 'every comparison (each metric of each pair of configurations) with both sides, the change, its spread and its 95% interval',
    rows: indexed.length,
    parts: () =>
      csvParts(COMPARISON_COLUMNS, indexed, ({ c, i }) => [
        ...[questionOf.get(i) ?? null, c.kind, c.factor, c.metric, settingKey(c.group)],
        ...side(c.baseline),
        ...side(c.candidate),
        ...[c.change_pct, c.change_pct_range[0], c.change_pct_range[1], c.ci95?.[0] ?? null, c.ci95?.[1] ?? null, c.ci_method ?? null],
        c.efficiency ?? null,
        ...[flagsWords(c.flags), c.flags.join(' '), c.baseline.runs.join(' '), c.candidate.runs.join(' ')],
      ]),
  };
}

function checksCsv(findings: readonly Finding[], diagnostics: readonly Diagnostic[]): AppendixCsv {
  type Row = RunsCsvCell[];
  const rows: Row[] = [
    ...findings.map(
      (f): Row => ['consistency check', checkWords(f.check), f.severity, f.run, f.message, f.expected ?? null, f.actual ?? null],
    ),
    ...diagnostics.map(
      (d): Row => ['input diagnostic', d.code, d.severity, d.file ? `${d.file}${d.line ? `:${d.line}` : ''}` : null, d.message, null, null],
    ),
  ];
  return {
    name: 'appendix-checks.csv',
    what: 'every consistency finding and input diagnostic',
    rows: rows.length,
    parts: () => csvParts(['kind', 'check', 'severity', 'where', 'message', 'expected', 'actual'], rows, (r) => r),
  };
}

/** The CSV files written beside the report, in write order. */
export function appendixCsvFiles(
  runs: readonly RunRecord[],
  summary: Summary,
  questions: readonly StudyQuestion[],
  diagnostics: readonly Diagnostic[],
): AppendixCsv[] {
  return [
    runsCsv(runs, summary.configurations),
    configurationsCsv(summary.configurations),
    comparisonsCsv(summary, questions),
    checksCsv(summary.findings, diagnostics),
  ];
}

/** Runs per input file: how many, which lines, which formats. */
function perFileTable(runs: readonly RunRecord[], nameFile: (f: string) => string) {
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
  if (!perFile.size) return undefined;
  return table(
    ['File', 'Runs', 'Lines', 'Formats', 'Runs with notes'],
    [false, true, false, false, true],
    [...perFile.entries()].map(([file, f]) => [
      nameFile(file),
      formatNumber(f.runs),
      `${f.lo}–${f.hi}`,
      mdInline([...f.formats].sort().join(', ')),
      formatNumber(f.flagged),
    ]),
  );
}

export function buildAppendixView(
  files: readonly AppendixCsv[],
  runs: readonly RunRecord[],
  nameFile: (f: string) => string,
): ReportView['appendix'] {
  const view: ReportView['appendix'] = { files: files.map((f) => ({ name: mdInline(f.name), what: mdInline(f.what), rows: f.rows })) };
  const perFile = perFileTable(runs, nameFile);
  if (perFile) view.perFile = perFile;
  return view;
}
