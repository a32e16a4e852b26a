/** Why a claim cannot be checked, in words: the side that is missing, the comparisons that tie, the setups a trend lacks. */
import type { GroupKey, GroupValue } from '../../model/run-group';
import type { SourceClaim } from '../../model/source-claim';
import { listWords } from '../../model/value-words';
import type { Configuration } from '../types';
import type { ClaimTarget, Indexed } from './match';
import { whereMatches } from './match';
import { CLAIM_TREND_MIN_SETUPS } from './rules';
import { comparisonWords, differingKeys, metricWords, settingWords } from './words';

const FACTOR_WORDS: Record<string, string> = {
  gpus: 'GPU count',
  strategy: 'tensor vs pipeline parallel',
  engine: 'engine',
  mode: 'think vs no-think',
  api: 'OpenAI vs native API',
  context_length: 'context length',
};

/** "vLLM, concurrency 30" — the settings a target names. */
export function whereWords(t: ClaimTarget): string {
  const parts: string[] = [];
  for (const [k, vs] of Object.entries(t.where) as Array<[GroupKey, GroupValue[]]>) {
    parts.push(vs.map((v) => settingWords(k, v)).join(' or '));
  }
  if (t.gpuScope) parts.push(t.gpuScope === 'multi' ? 'more than one GPU' : 'one GPU');
  return parts.join(', ');
}

function forWhere(t: ClaimTarget): string {
  const w = whereWords(t);
  return w ? ` for ${w}` : '';
}

function sideHas(confs: readonly Configuration[], key: GroupKey, v: GroupValue | 'multi'): Configuration[] {
  return confs.filter((c) => {
    const g = c.group[key];
    if (v === 'multi') return typeof g === 'number' && g > 1;
    return g !== undefined && String(g).toLowerCase() === String(v).toLowerCase();
  });
}

/** Configurations (of the claim's file) that fit the target's settings. */
function fitting(confs: readonly Configuration[], t: ClaimTarget): Configuration[] {
  return confs.filter((c) => whereMatches(c.group, t.where));
}

/** Nothing matched: which side is missing, or why the two sides were not compared. */
export function missingWords(t: ClaimTarget, confs: readonly Configuration[] | undefined): string {
  const f = t.factor;
  const values: Array<GroupValue | 'multi'> | undefined = t.singleToMulti ? [1, 'multi'] : t.values;
  if (!confs || !f) {
    const what = f ? `on ${FACTOR_WORDS[f] ?? f}` : 'of two setups';
    return `no comparison ${what}${forWhere(t)} was made from this file's runs`;
  }
  const fit = fitting(confs, t);
  if (fit.length === 0) return `no run of this file${forWhere(t)}`;
  if (!values) return `no comparison on ${FACTOR_WORDS[f] ?? f}${forWhere(t)}`;
  const label = (v: GroupValue | 'multi'): string => (v === 'multi' ? 'more than one GPU' : settingWords(f, v));
  const sides = values.map((v) => sideHas(fit, f, v));
  const missing = values.filter((_, k) => sides[k]!.length === 0);
  if (missing.length) return `no run with ${listWords(missing.map(label))}${forWhere(t)}`;
  const [a, b] = [sides[0]![0]!, sides[1]![0]!];
  const differ = (Object.keys(a.group) as GroupKey[]).filter((k) => k !== f && b.group[k] !== undefined && b.group[k] !== a.group[k]);
  const because = differ.length ? `: they differ in ${listWords(differ.map((k) => k.replace('_', ' ')))}` : '';
  return `runs with ${listWords(values.map(label))} exist${forWhere(t)} but were not compared${because}`;
}

/** The comparisons match but none on the claim's metric. */
export function metricMissingWords(metric: string, matched: readonly Indexed[]): string {
  const have = [...new Set(matched.map(({ c }) => metricWords(c.metric)))];
  return `the matching comparisons are of ${listWords(have)}, not ${metricWords(metric)}`;
}

/** Several comparisons match a sized claim and nothing in the text tells them apart. */
export function ambiguousWords(matched: readonly Indexed[]): string {
  const cs = matched.map((m) => m.c);
  const keys = differingKeys(cs);
  const named = cs.slice(0, 6).map((c) => comparisonWords(c, keys));
  const more = cs.length > 6 ? ` and ${cs.length - 6} more` : '';
  return `${cs.length} comparisons match and the text does not say which: ${named.join('; ')}${more}`;
}

const OVER_WORDS: Record<NonNullable<SourceClaim['over']>, [string, string]> = {
  gpus: ['GPU count', 'GPU counts'],
  concurrency: ['concurrency', 'concurrency levels'],
  context_length: ['context length', 'context lengths'],
};

/** A trend: how many setups the data has along it. */
export function trendWords(claim: SourceClaim, t: ClaimTarget, confs: readonly Configuration[] | undefined): string {
  const over = claim.over ?? 'concurrency';
  const [one, many] = OVER_WORDS[over];
  const need = `a trend over ${one} needs runs at ${CLAIM_TREND_MIN_SETUPS} or more ${many}`;
  if (!confs) return `${need}; trends are not checked, only comparisons of two setups`;
  const where = { ...t.where };
  delete where[over];
  const seen = [
    ...new Set(
      fitting(confs, { ...t, where })
        .map((c) => c.group[over])
        .filter((v) => v !== undefined),
    ),
  ];
  seen.sort((x, y) => Number(x) - Number(y));
  if (seen.length === 0) return `${need}; no run of this file${forWhere({ ...t, where })} says its ${one}`;
  const at = listWords(seen.map((v) => String(v)));
  if (seen.length < CLAIM_TREND_MIN_SETUPS) return `${need}; the runs${forWhere({ ...t, where })} are at ${one} ${at} only`;
  return `the runs${forWhere({ ...t, where })} are at ${one} ${at}, but trends are not checked, only comparisons of two setups`;
}
