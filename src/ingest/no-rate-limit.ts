/**
 * A request rate of zero or below is no rate: tools print it for "no limit" (evalscope's
 * `rate: -1`, a `--request-rate 0` some scripts pass for "as fast as possible"), as vLLM prints
 * `inf`. Left absent, like `inf`; the printed text stays in `raw`.
 */
import type { ClientSettings } from '../model/records';

export function dropNoRateLimit(run: { client?: ClientSettings; provenance: Record<string, string> }): void {
  const client = run.client;
  if (client?.request_rate === undefined || client.request_rate > 0) return;
  delete client.request_rate;
  delete run.provenance['client.request_rate'];
  if (Object.keys(client).length === 0) delete run.client;
}
