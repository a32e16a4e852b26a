/** bombardier's requests by outcome (text and JSON alike): 1xx–3xx answered; 4xx, 5xx and `others` (transport errors) failed. */
import type { PartialRun } from '../../types';

export function outcomes(run: PartialRun): void {
  const c = (k: string) => run.metrics[`http_${k}_count`];
  if (c('2xx') === undefined) return;
  run.metrics.requests_ok_count = (c('1xx') ?? 0) + (c('2xx') ?? 0) + (c('3xx') ?? 0);
  run.metrics.requests_failed_count = (c('4xx') ?? 0) + (c('5xx') ?? 0) + (c('others') ?? 0);
  run.provenance['metrics.requests_failed_count'] = "bombardier's 4xx + 5xx + others (errors such as timeouts)";
  if (run.metrics.requests_failed_count > 0) run.flags.push('failed-requests');
}
