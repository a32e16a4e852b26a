/** What a claim states, in plain words (ClaimCheck.claimed): "+15% … +20%", "2× faster", "tensor better than pipeline". */
import type { ClaimDirection, ClaimSide, SourceClaim } from '../../model/source-claim';
import type { Comparison } from '../types';
import { directionSign } from './verdicts';
import { metricWords, num, pct, pctRange, settingWords } from './words';

const DIRECTION_WORDS: Record<ClaimDirection, string> = {
  better: 'better',
  worse: 'worse',
  up: 'higher',
  down: 'lower',
  same: 'no difference',
  'not-better': 'no gain',
  'not-worse': 'no loss',
};

const OVER_WORDS = { gpus: 'GPU count', concurrency: 'concurrency', context_length: 'context length' } as const;

function sideWords(s: ClaimSide): string {
  return settingWords(s.key, s.value);
}

function levelWords(l: NonNullable<SourceClaim['level']>, metric: string | undefined): string {
  const v = l.low === l.high ? num(l.low) : `${num(l.low)} … ${num(l.high)}`;
  const bound = l.bound === 'under' ? 'under ' : l.bound === 'over' ? 'over ' : '';
  const unit = l.unit === '%' ? '%' : l.unit ? ` ${l.unit}` : '';
  const of = metric && !(l.unit && metricWords(metric).includes(l.unit)) ? ` (${metricWords(metric)})` : '';
  return `${bound}${v}${unit}${of}`;
}

/**
 * The claim in plain words. The comparison it was judged on, when there is one, signs a
 * "better"/"worse" percentage (lower latency is better) and names the sides of a bare direction.
 */
export function claimedWords(claim: SourceClaim, measured?: Comparison): string {
  const metric = measured?.metric ?? 'throughput_rps';
  const dir = claim.direction ? DIRECTION_WORDS[claim.direction] : undefined;
  switch (claim.kind) {
    case 'change': {
      const sign = directionSign(claim.direction, metric) || 1;
      const [a, b] = claim.percent ?? [0, 0];
      const [lo, hi] = [Math.min(a * sign, b * sign), Math.max(a * sign, b * sign)];
      const values = claim.values ? ` (${num(claim.values.from)} → ${num(claim.values.to)} ${claim.values.unit})` : '';
      const sides = claim.subject && claim.other ? ` (${sideWords(claim.subject)} against ${sideWords(claim.other)})` : '';
      return `${pctRange(lo, hi)}${values}${sides}`;
    }
    case 'ratio':
      return `${num(claim.ratio ?? 1)}×${dir ? ` ${dir}` : ''}`;
    case 'values': {
      const v = claim.values!;
      const change = v.from !== 0 ? ` (${pct((v.to / v.from - 1) * 100)})` : '';
      return `${num(v.from)} → ${num(v.to)} ${v.unit}${change}`;
    }
    case 'scaling':
      return `${claim.subject ? sideWords(claim.subject) : 'one engine'} scales ${dir ?? 'differently'} than ${claim.other ? sideWords(claim.other) : 'the other'}`;
    case 'trend':
      return `${dir ?? 'changes'} as ${OVER_WORDS[claim.over ?? 'concurrency']} rises`;
    case 'level':
      return claim.level ? levelWords(claim.level, claim.layers[0]?.metrics[0]) : claim.phrase;
    default: {
      if (claim.subject && claim.other) return `${sideWords(claim.subject)} ${dir ?? claim.phrase} than ${sideWords(claim.other)}`;
      const sides = measured ? ` (${measured.baseline.label} → ${measured.candidate.label})` : '';
      // A subject that is not a side of the comparison is where it holds: "vLLM: better (2 GPUs → 4 GPUs)".
      const where = claim.subject ? `${sideWords(claim.subject)}${sides ? ':' : ''} ` : '';
      return `${where}${dir ?? claim.phrase}${sides}`;
    }
  }
}
