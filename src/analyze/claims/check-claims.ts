/**
 * checkClaims: each claim read from a source set against the comparisons of its own file,
 * by the rules in rules.ts. In stages:
 *   1. scope — the comparisons (and configurations) built from runs of the claim's file;
 *   2. what cannot be checked at all — no runs, a general statement, a level, a trend;
 *   3. match — the factor, sides, settings and metric the text names (match.ts);
 *   4. judge — by kind (judge-kinds.ts), with the measured comparison beside the verdict.
 */
import type { RunRecord } from '../../model/records';
import type { GroupKey } from '../../model/run-group';
import type { SourceClaim } from '../../model/source-claim';
import { WARMUP_FLAG } from '../configurations';
import type { ClaimCheck, Comparison, Configuration } from '../types';
import { claimedWords } from './claimed-words';
import { metricMissingWords, missingWords, trendWords } from './explain';
import { judgeDirectionClaim, judgeScaling, judgeSized, type Outcome } from './judge-kinds';
import { chooseMetric, comparisonsFor, type Indexed, nameUniverse, resolveTarget } from './match';
import { metricWords } from './words';

/** File of a run id (`path:line[:row][:variant]`) when the run itself is not at hand. */
function fileOfId(id: string): string {
  return id.replace(/:\d+(?::[^:]*)*$/, '');
}

function normalFile(f: string): string {
  return f.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

class Scope {
  private readonly fileOfRun = new Map<string, string>();
  private readonly byFile = new Map<string, { comparisons: Indexed[]; configurations?: Configuration[]; runs: number }>();

  constructor(
    private readonly comparisons: readonly Comparison[],
    private readonly configurations: readonly Configuration[] | undefined,
    private readonly runs: readonly RunRecord[] | undefined,
  ) {
    for (const r of runs ?? []) if (r.source?.file) this.fileOfRun.set(r.id, normalFile(r.source.file));
  }

  private fileOf(id: string): string {
    return this.fileOfRun.get(id) ?? normalFile(fileOfId(id));
  }

  of(file: string): { comparisons: Indexed[]; configurations?: Configuration[]; runs: number } {
    const f = normalFile(file);
    let s = this.byFile.get(f);
    if (!s) {
      const mine = (ids: readonly string[]): boolean => ids.some((id) => this.fileOf(id) === f);
      const comparisons = this.comparisons
        .map((c, index) => ({ c, index }))
        .filter(({ c }) => mine(c.baseline.runs) || mine(c.candidate.runs));
      const configurations = this.configurations?.filter((c) => mine(c.runs));
      const runs = this.runs ? this.runs.filter((r) => this.fileOf(r.id) === f).length : (configurations?.length ?? comparisons.length);
      s = configurations ? { comparisons, configurations, runs } : { comparisons, runs };
      this.byFile.set(f, s);
    }
    return s;
  }
}

function cannot(why: string): Outcome {
  return { verdict: 'cannot-check', why };
}

/** Stages 2–4 for one claim. */
function judge(claim: SourceClaim, scope: ReturnType<Scope['of']>, haveRuns: boolean): Outcome {
  if (scope.runs === 0) {
    return cannot(
      haveRuns
        ? `no runs were read from ${claim.file}, so there is nothing to check it against`
        : `no comparison was made from the runs of ${claim.file}`,
    );
  }
  if (claim.hedge) return cannot(`a general statement ("${claim.hedge}"), not a result claimed for these runs`);
  if (claim.kind === 'level') return cannot(`it states a value reached (${claimedWords(claim)}), not a change between two setups`);
  const target = resolveTarget(claim, nameUniverse(scope.comparisons));
  if (claim.kind === 'trend') return cannot(trendWords(claim, target, scope.configurations));
  const any = comparisonsFor(scope.comparisons, target);
  if (any.length === 0) return cannot(missingWords(target, scope.configurations));
  const { metric, named } = chooseMetric(any, target);
  if (!metric)
    return cannot(`the matching comparisons compare no throughput metric (${[...new Set(any.map((m) => m.c.metric))].join(', ')})`);
  const matched = any.filter((m) => m.c.metric === metric);
  if (matched.length === 0) return cannot(metricMissingWords(metric, any));
  const clean = matched.filter((m) => !m.c.flags.includes(WARMUP_FLAG));
  const use = clean.length ? clean : matched;
  const keys = Object.keys(target.where) as GroupKey[];
  const label = named ? metricWords(metric) : `${metricWords(metric)} (the claim names no metric)`;
  const out =
    claim.kind === 'scaling'
      ? judgeScaling(claim, use, label)
      : claim.kind === 'direction'
        ? judgeDirectionClaim(claim, use, keys, label)
        : judgeSized(claim, use, keys, label);
  if (clean.length === 0 && out.verdict !== 'cannot-check') out.why += '; only runs suspected of warm-up were compared';
  return out;
}

/**
 * Each claim with its verdict (consistent, contradicted, inconclusive, noise-unknown, cannot-check), the comparison
 * it was judged on (its index in `comparisons`) and why. Claims are checked only against
 * comparisons built from runs of their own file. `configurations` let a cannot-check say which
 * side is missing; `runs` tell a file without runs from one without comparisons.
 */
export function checkClaims(
  claims: readonly SourceClaim[],
  comparisons: readonly Comparison[],
  configurations?: readonly Configuration[],
  runs?: readonly RunRecord[],
): ClaimCheck[] {
  const scopes = new Scope(comparisons, configurations, runs);
  return claims.map((claim) => {
    const outcome = judge(claim, scopes.of(claim.file), runs !== undefined || configurations !== undefined);
    const check: ClaimCheck = {
      quote: claim.quote,
      file: claim.file,
      line: claim.line,
      claimed: claimedWords(claim, outcome.measured?.c),
      verdict: outcome.verdict,
      why: outcome.why,
    };
    if (outcome.measured) {
      const { c, index } = outcome.measured;
      check.measured = {
        comparison: index,
        metric: c.metric,
        change_pct: c.change_pct,
        change_pct_range: [...c.change_pct_range],
        ...(c.ci95 ? { ci95: [...c.ci95] as [number, number] } : {}),
        n: [c.baseline.n, c.candidate.n],
      };
    }
    return check;
  });
}
