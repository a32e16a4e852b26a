/**
 * summary.json, in stages (each a call into its own module):
 *   1. markWarmupSuspects — warm-up flags on new run objects (configurations.ts)
 *   2. configurationsOfMarked — repeats and their aggregates (configurations.ts)
 *   3. compareAll — scaling, parallelism, engine, mode comparisons + blocked pairs (compare.ts)
 *   4. checkRuns — consistency findings per run (checks.ts)
 *   5. buildObservations — highest/lowest, errors, warm-up, sub-linear scaling (observations.ts)
 *   6. checkClaims — the source text's claims against the comparisons (claims/)
 *   7. buildQuestions — what each input set out to compare, ranked and answered (questions/)
 *   8. capacityOf — with service-level targets only: each configuration's capacity (capacity.ts)
 *   9. historyOf — configurations measured at several dates or versions, changes flagged (history.ts)
 * Deterministic: the same runs in any order give the same summary.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../model/records';
import type { SourceClaim } from '../model/source-claim';
import { capacityOf } from './capacity';
import { checkRuns } from './checks';
import { checkClaims } from './claims/index';
import { compareAll } from './compare';
import { configurationsOfMarked, markWarmupSuspects } from './configurations';
import { compareRunsByDocument } from './group';
import { historyOf } from './history';
import { type LoadOverTime, loadOverTime } from './load-over-time';
import { buildObservations } from './observations';
import { buildQuestions } from './questions';
import type { SloTarget } from './slo';
import type { ClaimCheck, Summary } from './types';

export interface AnalyzeOptions {
  /** env records read with the runs (counted per file in `inputs`). */
  env?: readonly EnvRecord[];
  samples?: readonly SampleRecord[];
  diagnostics?: readonly Diagnostic[];
  /** Inputs as the caller knows them (wins over the counts derived from runs/env/samples/diagnostics). */
  inputs?: Summary['inputs'];
  /**
   * The source text's claims, already checked against these runs' comparisons (indexes into
   * summary.comparisons). Copied to `summary.claims`; a comparison a claim was matched to
   * ranks its question as asked by the conclusion text.
   */
  claims?: readonly ClaimCheck[];
  /** The source text's claims as read (ingest's readClaims): checked here, after the comparisons exist. */
  sourceClaims?: readonly SourceClaim[];
  /** Service-level targets (parseSlo): with any, `summary.capacity` (per-request shares from `samples`). */
  slo?: readonly SloTarget[];
}

export interface Analysis {
  summary: Summary;
  /** The runs as analysed: new objects with warm-up flags added, in document order. */
  runs: RunRecord[];
  /** The load tests of `samples` over time (for the charts and the report's Load section, computed once). */
  loads: LoadOverTime[];
}

function deriveInputs(runs: readonly RunRecord[], opts: AnalyzeOptions): Summary['inputs'] {
  const by = new Map<string, { file: string; runs: number; env: number; samples: number; diagnostics: number }>();
  const at = (file: string) => {
    let e = by.get(file);
    if (!e) by.set(file, (e = { file, runs: 0, env: 0, samples: 0, diagnostics: 0 }));
    return e;
  };
  for (const r of runs) at(r.source?.file ?? 'unknown').runs++;
  for (const e of opts.env ?? []) at(e.source?.file ?? 'unknown').env++;
  for (const s of opts.samples ?? []) at(s.source?.file ?? 'unknown').samples++;
  for (const d of opts.diagnostics ?? []) at(d.file ?? 'unknown').diagnostics++;
  return [...by.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/**
 * Whether the runs hold two dates or versions at all: without, no configuration has a history
 * and historyOf's grouping (a fifth of the analysis time at 100k runs) is skipped. Errs on
 * running it: a prefix that is no date still counts as one.
 */
function twoPointsInTime(runs: readonly RunRecord[]): boolean {
  let first: string | undefined;
  for (const r of runs) {
    const date = r.timestamp?.slice(0, 10);
    const version = r.server?.version;
    if (date === undefined && version === undefined) continue;
    const key = `${date ?? ''}\u0000${version ?? ''}`;
    if (first === undefined) first = key;
    else if (key !== first) return true;
  }
  return false;
}

/** The whole analysis: summary.json plus the analysed runs. */
export function analyzeRunsDetailed(runs: readonly RunRecord[], opts: AnalyzeOptions = {}): Analysis {
  const ordered = [...runs].sort(compareRunsByDocument);
  const marked = markWarmupSuspects(ordered);
  const set = configurationsOfMarked(marked);
  const { comparisons, blocked } = compareAll(set);
  const findings = checkRuns(marked);
  const observations = buildObservations(marked, comparisons);
  const inputs = opts.inputs ? [...opts.inputs] : deriveInputs(ordered, opts);
  const claims = opts.claims
    ? [...opts.claims]
    : opts.sourceClaims
      ? checkClaims(opts.sourceClaims, comparisons, set.configurations, marked)
      : [];
  const questions = buildQuestions({ comparisons, runs: marked, files: inputs.map((i) => i.file), claims });
  const summary: Summary = {
    schema_version: 1,
    inputs,
    configurations: set.configurations,
    comparisons,
    observations,
    findings,
    blocked,
    questions,
    claims,
  };
  // Both mark warm-up suspects their own way (per load level, per point in time): they get the runs as read.
  if (opts.slo?.length) summary.capacity = capacityOf(ordered, opts.slo, { samples: opts.samples ?? [] });
  const slo = opts.slo?.length ? { slo: opts.slo, headline: opts.slo[0]!.metric } : {};
  const history = twoPointsInTime(ordered) ? historyOf(ordered, slo) : undefined;
  if (history && history.series.length > 0) summary.history = history;
  const loads = opts.samples?.length ? loadOverTime(opts.samples) : [];
  return { summary, runs: marked, loads };
}

/** summary.json: `{schema_version, inputs, configurations, comparisons, observations, findings, blocked, questions, claims, capacity?, history?}`. */
export function analyzeRuns(runs: readonly RunRecord[], opts: AnalyzeOptions = {}): Summary {
  return analyzeRunsDetailed(runs, opts).summary;
}
