/**
 * The best and worst configuration of a results table per headline metric, one line each,
 * as hand-written reports say it ("Highest Gen TPS: gpu-small with 676.10 tokens/s"): readers
 * scan a table for its winner. Higher is better for throughput, lower for times (the
 * vocabulary's lowerIsBetter). Ties name every configuration that shares the value.
 */
import type { Configuration } from '../../analyze/types';
import { lowerIsBetter } from '../../model/metric-names';
import { formatNumber, mdInline, metricName, metricUnit } from '../helpers';
import { own } from './common';

/** Configurations named in a tie at most; the rest are counted. */
const MAX_TIED = 2;

interface Valued {
  conf: Configuration;
  value: number;
}

/** Two decimals from 1 up (676.10, as the hand-written reports print), else three. */
function winnerNumber(x: number): string {
  return formatNumber(x, Math.abs(x) >= 1 ? 2 : 3);
}

function named(side: readonly Valued[], nameOf: (c: Configuration) => string): string {
  const names = side.slice(0, MAX_TIED).map((v) => mdInline(nameOf(v.conf)));
  const more = side.length - names.length;
  return `${names.join(' and ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** "Highest output tok/s: X with 676.10 tok/s; lowest: Y with 120.00 tok/s." — undefined when all rows agree. */
export function winnerLine(confs: readonly Configuration[], metric: string, nameOf: (c: Configuration) => string): string | undefined {
  const valued: Valued[] = confs.flatMap((conf) => {
    const s = own(conf.metrics, metric);
    return s && Number.isFinite(s.mean) ? [{ conf, value: s.mean }] : [];
  });
  if (valued.length < 2) return undefined;
  const values = valued.map((v) => v.value);
  const max = Math.max(...values);
  const min = Math.min(...values);
  if (max === min) return undefined;
  const low = lowerIsBetter(metric);
  const [best, worst] = low ? [min, max] : [max, min];
  const unit = metricUnit(metric);
  const withValue = (x: number) => `${winnerNumber(x)}${unit ? ` ${unit}` : ''}`;
  const name = metricName(metric);
  const lead = /^[A-Z]{2,}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
  const bestSide = named(
    valued.filter((v) => v.value === best),
    nameOf,
  );
  const worstSide = named(
    valued.filter((v) => v.value === worst),
    nameOf,
  );
  return `${low ? 'Lowest' : 'Highest'} ${mdInline(lead)}: ${bestSide} with ${withValue(best)}; ${low ? 'highest' : 'lowest'}: ${worstSide} with ${withValue(worst)}.`;
}

/** Lines per table at most: the lead metrics of its columns (a combined report stays within its pages). */
export const MAX_WINNER_LINES = 3;

/** One line per metric that differs between the table's rows, for the first MAX_WINNER_LINES metrics. */
export function winnerLines(confs: readonly Configuration[], metrics: readonly string[], nameOf: (c: Configuration) => string): string[] {
  return metrics.flatMap((m) => winnerLine(confs, m, nameOf) ?? []).slice(0, MAX_WINNER_LINES);
}
