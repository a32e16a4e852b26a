/**
 * The "Checks" section: consistency findings per run, warm-up suspects, duplicates, and the
 * input diagnostics. Long lists stop after a few rows; every row is in the appendix CSVs.
 */
import type { Configuration, Finding } from '../../analyze/types';
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { formatMetric, formatNumber, mdInline } from '../helpers';
import { metricKeysToWords, runLines, table } from './common';
import { WARMUP_MARK } from './flags';
import type { ReportView } from './types';

/** Rows of each list shown in the report; the rest are in appendix-checks.csv. */
export const CHECK_ROWS = 15;

const CHECK_WORDS: Record<string, string> = {
  'littles-law': "Little's law",
  'tokens-per-second': 'tokens per second',
  'throughput-vs-duration': 'throughput vs duration',
  'failed-vs-total': 'failed vs total requests',
  'percentiles-monotone': 'percentiles in order',
  errors: 'failed requests',
};

/** A consistency check's name in words. */
export function checkWords(check: string): string {
  return Object.hasOwn(CHECK_WORDS, check) ? (CHECK_WORDS[check] ?? check) : check.replace(/[-_]+/g, ' ');
}

function findingsTable(findings: readonly Finding[], runsById: ReadonlyMap<string, RunRecord>, nameFile: (f: string) => string) {
  if (!findings.length) return undefined;
  return table(
    ['Check', 'Run', 'What was found'],
    [false, false, false],
    findings
      .slice(0, CHECK_ROWS)
      .map((f) => [mdInline(checkWords(f.check)), runLines([f.run], runsById, nameFile), mdInline(metricKeysToWords(f.message))]),
  );
}

/** Why a run is a warm-up suspect, from its provenance (ingest: a comment; analysis: the throughput rule). */
function warmupWhy(r: RunRecord): string {
  const p = r.provenance ?? {};
  const text =
    (Object.hasOwn(p, 'flags.warmup-suspect') ? p['flags.warmup-suspect'] : undefined) ?? (Object.hasOwn(p, 'flags') ? p.flags : undefined);
  if (!text) return 'the warm-up rule (see Methodology)';
  // The analysis writes metric keys (throughput_rps 1.12 < 0.8 × …): a reader gets their names.
  return metricKeysToWords(text.replace(/^warmup-suspect:\s*/, ''));
}

function warmupTable(runs: readonly RunRecord[], configurations: readonly Configuration[], nameFile: (f: string) => string) {
  const warm = runs.filter((r) => r.flags.includes('warmup-suspect'));
  if (!warm.length) return undefined;
  const leftOut = new Set(configurations.flatMap((c) => c.excluded.filter((e) => e.reason === 'warmup-suspect').map((e) => e.run)));
  return table(
    ['Run', 'Why', 'Throughput', 'Latency max / min', 'In the averages'],
    [false, false, true, true, false],
    warm.slice(0, CHECK_ROWS).map((r) => {
      const max = r.metrics.latency_max_s;
      const min = r.metrics.latency_min_s;
      return [
        `${nameFile(r.source.file)}:${mdInline(r.id.slice(r.source.file.length + 1) || String(r.source.line))} ${WARMUP_MARK}`,
        mdInline(warmupWhy(r)),
        formatMetric(
          r.metrics.throughput_rps ?? r.metrics.output_tps,
          r.metrics.throughput_rps !== undefined ? 'throughput_rps' : 'output_tps',
        ),
        max !== undefined && min !== undefined ? `${formatNumber(max, 2)} / ${formatNumber(min, 2)} s` : '',
        leftOut.has(r.id) ? 'left out (other repeats exist)' : 'kept (no other repeats)',
      ];
    }),
  );
}

function diagnosticsView(diagnostics: readonly Diagnostic[], nameFile: (f: string) => string) {
  const serious = diagnostics.filter((d) => d.severity !== 'info');
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(`${d.severity} ${d.code}`, (counts.get(`${d.severity} ${d.code}`) ?? 0) + 1);
  const countText = [...counts.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, n]) => `${n} × ${mdInline(k.replace(/-/g, ' '))}`)
    .join(', ');
  const rows = serious
    .slice(0, CHECK_ROWS)
    .map((d) => [d.file ? `${nameFile(d.file)}${d.line ? `:${d.line}` : ''}` : '', d.severity, mdInline(d.message)]);
  return {
    counts: countText,
    table: rows.length ? table(['Where', 'Severity', 'Message'], [false, false, false], rows) : undefined,
    more: Math.max(0, serious.length - CHECK_ROWS),
  };
}

export function buildChecksView(
  runs: readonly RunRecord[],
  configurations: readonly Configuration[],
  findings: readonly Finding[],
  diagnostics: readonly Diagnostic[],
  nameFile: (f: string) => string,
): ReportView['consistency'] {
  const runsById = new Map(runs.map((r) => [r.id, r] as const));
  const d = diagnosticsView(diagnostics, nameFile);
  const view: ReportView['consistency'] = {
    findingsMore: Math.max(0, findings.length - CHECK_ROWS),
    runs: runs.length,
    duplicates: runs.filter((r) => r.flags.includes('duplicate')).length,
    diagnosticCounts: d.counts,
    diagnosticsMore: d.more,
  };
  const f = findingsTable(findings, runsById, nameFile);
  if (f) view.findings = f;
  const w = warmupTable(runs, configurations, nameFile);
  if (w) view.warmups = w;
  if (d.table) view.diagnostics = d.table;
  return view;
}
