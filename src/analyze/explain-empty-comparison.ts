/**
 * Why `compareBy` found nothing: the first condition that failed, in the order the
 * comparison applies them.
 *   1. no runs at all;
 *   2. no run left after `where` (which filter matched nothing, the values it could have
 *      taken, the closest one);
 *   3. no run with a value of the factor, or only one value;
 *   4. values differ, but every pair of configurations also differs in another field
 *      (the fields, how many pairs each blocks, and the first pairs);
 *   5. comparable pairs, but the metric is missing on one side of each.
 */
import { closestName } from '../model/closest-name';
import type { RunRecord } from '../model/records';
import { COMPARED_METRICS, type CompareOptions, factorPairs, UnknownFactorError } from './compare';
import { buildConfigurationSet, type ConfigurationSet } from './configurations';
import { type FactorSpec, factorSpec, factorValue } from './factors';
import { compareGroupValues, configurationId, groupMatches, runGroup, UNKNOWN, type Where } from './group';
import type { Configuration, GroupKey, GroupValue } from './types';

/** Pairs listed by name when every pair is blocked (the rest are counted). */
export const LISTED_BLOCKED_PAIRS = 5;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function whereText(where: Where): string {
  const parts = Object.entries(where)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : String(v)}`);
  return parts.length ? ` matching ${parts.join(' ')}` : '';
}

/** Condition 2: which `where` filter matched no run, with the values it could have taken. */
function whereFailure(runs: readonly RunRecord[], where: Where): string {
  const groups = runs.map(runGroup);
  const alone: string[] = [];
  for (const [key, wanted] of Object.entries(where)) {
    if (wanted === undefined) continue;
    const matching = groups.filter((g) => groupMatches(g, { [key]: wanted })).length;
    const shown = `${key}=${Array.isArray(wanted) ? wanted.join('|') : String(wanted)}`;
    if (matching > 0) {
      alone.push(`${shown} (${plural(matching, 'run')})`);
      continue;
    }
    const present = new Map<string, GroupValue | undefined>();
    for (const g of groups) present.set(String(g[key as GroupKey] ?? UNKNOWN), g[key as GroupKey]);
    const values = [...present.entries()].sort((a, b) => compareGroupValues(a[1], b[1])).map(([text]) => text);
    const typed = String(Array.isArray(wanted) ? wanted[0] : wanted);
    // A number close in spelling (7 → 1) is not what was meant: suggest only for names.
    const near = Number.isFinite(Number(typed)) ? undefined : closestName(typed, values);
    return `no run has ${shown}${near ? `; did you mean ${key}=${near}?` : ''} (${key} values in the ${plural(runs.length, 'run')}: ${values.join(', ')})`;
  }
  return `each --where condition matches runs, but no run matches all of them: ${alone.join(', ')}`;
}

function includedRuns(set: ConfigurationSet, c: Configuration): RunRecord[] {
  return set.included.get(c.id) ?? [];
}

/** Condition 3: no value, or a single value, of the factor among the runs in scope. */
function factorValueFailure(set: ConfigurationSet, f: FactorSpec, inScope: Configuration[], where: Where): string | undefined {
  const runsOf = new Map<string, number>();
  let without = 0;
  for (const c of inScope) {
    const n = includedRuns(set, c).length;
    const v = factorValue(f, c.group, includedRuns(set, c));
    if (v === undefined) without += n;
    else runsOf.set(String(v), (runsOf.get(String(v)) ?? 0) + n);
  }
  const total = without + [...runsOf.values()].reduce((a, b) => a + b, 0);
  if (runsOf.size === 0) return `none of the ${plural(total, 'run')}${whereText(where)} has a value for ${f.key}`;
  if (runsOf.size > 1) return undefined;
  const [value, n] = [...runsOf.entries()][0]!;
  const rest = without > 0 ? `; ${plural(without, 'other run')} ${without === 1 ? 'has' : 'have'} no ${f.key}` : '';
  return `only one value of ${f.key} among the runs${whereText(where)}: ${f.key}=${value} (${plural(n, 'run')}${rest}), nothing to compare it with`;
}

/** The value of a blocking field on one side: a group key, or for tp/dp/pp the value its runs share. */
function fieldValue(set: ConfigurationSet, c: Configuration, field: string): GroupValue | undefined {
  const degree = factorSpec(field);
  if (degree?.degree) return factorValue(degree, c.group, includedRuns(set, c));
  return c.group[field as GroupKey];
}

/** Condition 4: every pair blocked; the blocking fields by how many pairs they block, then the first pairs. */
function blockedText(set: ConfigurationSet, f: FactorSpec, pairs: ReturnType<typeof factorPairs>): string {
  const byField = new Map<string, number>();
  for (const p of pairs) for (const field of p.blocking) byField.set(field, (byField.get(field) ?? 0) + 1);
  const fields = [...byField.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const lines = [
    `${f.key} differs in ${plural(pairs.length, 'pair')} of configurations, but every pair also differs in ${fields
      .map(([field, n]) => `${field} (${plural(n, 'pair')})`)
      .join(', ')}:`,
  ];
  for (const p of pairs.slice(0, LISTED_BLOCKED_PAIRS)) {
    const diff = p.blocking
      .map((field) => `${field} ${String(fieldValue(set, p.baseline, field))} ≠ ${String(fieldValue(set, p.candidate, field))}`)
      .join(', ');
    lines.push(`  ${configurationId(p.baseline.group)}  vs  ${configurationId(p.candidate.group)}: ${diff}`);
  }
  if (pairs.length > LISTED_BLOCKED_PAIRS) lines.push(`  … and ${plural(pairs.length - LISTED_BLOCKED_PAIRS, 'more pair')}`);
  return lines.join('\n');
}

function hasMetric(set: ConfigurationSet, c: Configuration, metric: string): boolean {
  return includedRuns(set, c).some((r) => typeof r.metrics?.[metric] === 'number');
}

/**
 * One or more lines saying why `compareBy(runs, factor, opts)` returned no comparison. Call
 * it when it did; on inputs that do compare it describes the last condition (the metric).
 */
export function explainEmptyComparison(runs: readonly RunRecord[], factor: string, opts: CompareOptions = {}): string {
  const f = factorSpec(factor);
  if (!f) throw new UnknownFactorError(factor);
  if (runs.length === 0) return 'no runs were read from the inputs';
  const where = opts.where ?? {};
  const set = buildConfigurationSet(runs);
  const inScope = set.configurations.filter((c) => groupMatches(c.group, where) && includedRuns(set, c).length > 0);
  if (inScope.length === 0) return whereFailure(set.runs, where);
  const valueFailure = factorValueFailure(set, f, inScope, where);
  if (valueFailure) return valueFailure;
  const pairs = factorPairs(set, factor, where);
  const open = pairs.filter((p) => p.blocking.length === 0);
  if (open.length === 0) return blockedText(set, f, pairs);
  const metrics = opts.metric ? [opts.metric] : [...COMPARED_METRICS];
  const both = open.filter((p) => metrics.some((m) => hasMetric(set, p.baseline, m) && hasMetric(set, p.candidate, m)));
  const what = opts.metric ?? `any of ${metrics.join(', ')}`;
  if (both.length === 0) return `${plural(open.length, 'comparable pair')} by ${f.key}, but none has ${what} on both sides`;
  return `${plural(open.length, 'comparable pair')} by ${f.key}; ${both.length} with ${what} on both sides (a zero baseline mean gives no ratio)`;
}
