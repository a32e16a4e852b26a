/**
 * What `writeReport` hands the analysis beside the runs: per-file counts for summary.json
 * `inputs`, the source's claims, and the service-level targets (`--slo`, the config's `slo`).
 */
import type { AnalyzeOptions } from '../analyze';
import { parseSlo, type SloTarget } from '../analyze';
import type { ClaimCheck, Summary } from '../analyze/types';
import type { Diagnostic } from '../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../model/records';
import type { SourceClaim } from '../model/source-claim';
import type { ReportConfig } from './report-config';

/** Per-file counts for summary.json `inputs`, in first-seen order (the order files were read). */
function countInputs(
  runs: readonly RunRecord[],
  env: readonly EnvRecord[],
  samples: readonly SampleRecord[],
  diagnostics: readonly Diagnostic[],
): Summary['inputs'] {
  const byFile = new Map<string, { file: string; runs: number; env: number; samples: number; diagnostics: number }>();
  const get = (file: string) => {
    let e = byFile.get(file);
    if (!e) byFile.set(file, (e = { file, runs: 0, env: 0, samples: 0, diagnostics: 0 }));
    return e;
  };
  for (const r of runs) get(r.source.file).runs++;
  for (const e of env) get(e.source.file).env++;
  for (const s of samples) get(s.source.file).samples++;
  for (const d of diagnostics) if (d.file) get(d.file).diagnostics++;
  return [...byFile.values()];
}

/** `--slo` expressions → targets checked against the vocabulary and the inputs' own metric names. */
function sloTargets(exprs: readonly string[] | undefined, runs: readonly RunRecord[]): SloTarget[] {
  const list = (exprs ?? [])
    .flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean);
  if (list.length === 0) return [];
  const known = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.metrics)) known.add(k);
  return list.map((e) => parseSlo(e, known));
}

/** What the analysis gets beside the runs (kept, after `where`): counts per input, the claims, the targets. */
export function analysisOptions(
  records: { runs: RunRecord[]; env: EnvRecord[]; samples: SampleRecord[]; diagnostics: Diagnostic[] },
  opts: { claims?: readonly ClaimCheck[]; sourceClaims?: readonly SourceClaim[]; slo?: readonly string[] },
  config: ReportConfig,
): AnalyzeOptions {
  const { runs, env, samples, diagnostics } = records;
  const inputs = countInputs(runs, env, samples, diagnostics);
  const claims = opts.claims ? { claims: opts.claims } : opts.sourceClaims ? { sourceClaims: opts.sourceClaims } : {};
  const slo = sloTargets(opts.slo?.length ? opts.slo : config.slo, runs);
  return { env, samples, diagnostics, inputs, ...claims, slo };
}
