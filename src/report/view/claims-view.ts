/**
 * The claims check as a table: one claim of the source text a row, beside what the data
 * says (change, 95% interval, n) and the verdict with its reason. The claims come checked in
 * `summary.claims` (the claim checker); this only lays them out, escaped.
 */
import { NOISE_UNKNOWN } from '../../analyze/interval';
import type { ClaimCheck, ClaimVerdict, Summary } from '../../analyze/types';
import { formatPercent, formatRange, mdInline } from '../helpers';
import { proseMetric } from './answer-words';
import { table } from './common';
import type { ReportView } from './types';

export const VERDICT_WORDS: Record<ClaimVerdict, string> = {
  consistent: 'Consistent',
  contradicted: 'Contradicted',
  inconclusive: 'Unresolved',
  'noise-unknown': 'Noise unknown',
  'cannot-check': 'Cannot check',
};

/** What each verdict means, when the claim checker gives no rules of its own. */
export const DEFAULT_CLAIM_RULES = [
  'Consistent: the claimed value or range lies inside the 95% interval of the change measured in the data, allowing the tolerance the checker states.',
  'Contradicted: the claim lies outside that interval; noise unknown: a side has a single run, so there is no interval to judge by.',
  'Cannot check: no comparison in the data matches the claim, several match and nothing tells them apart, or the claim is not a comparison; the row says which.',
];

/** A verdict in words; one outside the contract is shown as written, escaped. */
function verdictWords(v: string): string {
  return Object.hasOwn(VERDICT_WORDS, v) ? VERDICT_WORDS[v as ClaimVerdict] : mdInline(v);
}

function dataCell(c: ClaimCheck, summary: Summary): string {
  const m = c.measured;
  if (!m) return '—';
  const cmp = summary.comparisons[m.comparison];
  const sides = cmp ? `${mdInline(cmp.baseline.label)} → ${mdInline(cmp.candidate.label)}: ` : '';
  const spread = m.ci95
    ? `95% interval ${formatRange(m.ci95)}`
    : Math.min(...m.n) < 2
      ? NOISE_UNKNOWN
      : `spread ${formatRange(m.change_pct_range)}`;
  return `${sides}${mdInline(proseMetric(m.metric))} ${formatPercent(m.change_pct)} (${spread}, n ${m.n[0]}/${m.n[1]})`;
}

export function buildClaimsView(summary: Summary, nameFile: (f: string) => string, rules: string | undefined): ReportView['claims'] {
  const claims = summary.claims ?? [];
  const ruleLines = rules ? rules.split(/\n+/).map((r) => mdInline(r.replace(/^[-*]\s*/, ''))) : DEFAULT_CLAIM_RULES.map(mdInline);
  if (!claims.length) return { counts: '', rules: ruleLines };
  const counts = new Map<ClaimVerdict, number>();
  for (const c of claims) counts.set(c.verdict, (counts.get(c.verdict) ?? 0) + 1);
  const countText = (Object.keys(VERDICT_WORDS) as ClaimVerdict[])
    .filter((v) => counts.has(v))
    .map((v) => `${counts.get(v)} ${VERDICT_WORDS[v].toLowerCase()}`)
    .join(', ');
  return {
    counts: `${claims.length} claim${claims.length === 1 ? '' : 's'}: ${countText}`,
    rules: ruleLines,
    table: table(
      ['Where', 'The source says', 'The data says', 'Verdict'],
      [false, false, false, false],
      claims.map((c) => [
        `${nameFile(c.file)}:${Number.isFinite(c.line) ? c.line : ''}`,
        `“${mdInline(c.quote)}”`,
        dataCell(c, summary),
        `**${verdictWords(c.verdict)}**${c.why ? `: ${mdInline(c.why)}` : ''}`,
      ]),
    ),
  };
}
