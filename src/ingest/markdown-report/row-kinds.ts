/**
 * Tables whose rows are not runs: one row per request (`Request # | Latency | Status`), the
 * requests of one test listed one by one. Told by the first column: a request number or id
 * header over the numbers 1, 2, 3 … (or distinct ids) in order.
 */
import type { ScannedTable } from './scan';

const REQUEST_ID_HEADER = /^(?:(?:request|req|query|prompt|sample|call|trial)\s*(?:#|id|no\.?|number|idx|index)?|#|id|request_id)$/i;

/** Why the table lists requests rather than runs, or undefined. */
export function perRequestTable(t: ScannedTable): string | undefined {
  const h0 = (t.header[0] ?? '').trim();
  if (!REQUEST_ID_HEADER.test(h0) || t.rows.length < 2) return undefined;
  const ids = t.rows.map((r) => /^\s*(\d+)\b/.exec(r[0] ?? '')?.[1]);
  if (ids.some((x) => x === undefined)) return undefined;
  const numbers = ids.map(Number);
  const sequential = numbers.every((n, k) => k === 0 || n === (numbers[k - 1] ?? 0) + 1);
  if (!sequential) return undefined;
  return `'${h0}' numbers them ${numbers[0]}…${numbers[numbers.length - 1]}`;
}
