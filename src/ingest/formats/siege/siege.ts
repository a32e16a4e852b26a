/**
 * siege's closing summary → one run, as text (`Lifting the server siege...`, then TAB-aligned
 * `Transactions:  140 hits`, `Availability:  100.00 %`, `Elapsed time:  19.18 secs`,
 * `Data transferred:  5.03 MB`, `Response time:  0.67 secs` (or `ms`), `Transaction rate:
 * 7.30 trans/sec`, `Throughput:  0.26 MB/sec`, `Concurrency:  4.91`, `Successful transactions:`,
 * `Failed transactions:`, `Longest transaction:  2.49`, `Shortest transaction:  0.24`) or as the
 * JSON object siege 4 prints instead (`"transaction_rate": 7.30`, same quantities, same units).
 * A siege transaction is one HTTP request: `Transaction rate` is the request throughput and
 * `Response time` the mean request latency. `Concurrency` is what siege measured (total
 * transaction time over elapsed time), never the `-c` setting. Longest/Shortest are seconds
 * (siege prints no unit); MB are binary (siege divides bytes by 1024²).
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { spelledSeconds, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const LIFTING = /^\s*Lifting the server siege\.*(?:\s+done\.)?\s*$/;
/** `Key:<TABs>value [unit]` or `"key": value,` (siege 4's JSON). */
const PAIR = /^\s*(?:\{\s*)?"?([A-Za-z][A-Za-z _]*?)"?\s*:\s*(-?\d+(?:\.\d+)?)(?:\s*([A-Za-z%/]+))?\s*,?\s*$/;
const CLOSE = /^\s*\}\s*$/;

type Slot = { key: string; kind: 'count' | 'seconds' | 'mib' | 'plain' };

const KEYS: Readonly<Record<string, Slot>> = {
  transactions: { key: 'transactions_count', kind: 'count' },
  availability: { key: 'availability_pct', kind: 'plain' },
  elapsed_time: { key: 'duration_s', kind: 'seconds' },
  data_transferred: { key: 'data_read_bytes', kind: 'mib' },
  response_time: { key: 'latency_mean_s', kind: 'seconds' },
  transaction_rate: { key: 'throughput_rps', kind: 'plain' },
  throughput: { key: 'transfer_bytes_per_s', kind: 'mib' },
  concurrency: { key: 'measured_concurrency', kind: 'plain' },
  successful_transactions: { key: 'requests_ok_count', kind: 'count' },
  failed_transactions: { key: 'requests_failed_count', kind: 'count' },
  longest_transaction: { key: 'latency_max_s', kind: 'seconds' },
  shortest_transaction: { key: 'latency_min_s', kind: 'seconds' },
};

function slotOf(label: string): Slot | undefined {
  return KEYS[label.trim().toLowerCase().replace(/\s+/g, '_')];
}

function value(slot: Slot, number: string, unit: string | undefined): number | undefined {
  const n = Number(number);
  if (slot.kind === 'seconds') return unit === undefined || unit === 'secs' || unit === 'sec' ? n : spelledSeconds(`${number} ${unit}`);
  if (slot.kind === 'mib') return Math.round(applyFactor(n, 1024 * 1024));
  return n;
}

function readSiege(lines: readonly string[], start: number, _file: string): BlockResult {
  const run: PartialRun = partialRun('siege', start, 'siege');
  let last = start;
  let j = start;
  if (LIFTING.test(lines[j] ?? '')) j++;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    if (CLOSE.test(line)) {
      last = j;
      break;
    }
    const m = PAIR.exec(line);
    const slot = m?.[1] ? slotOf(m[1]) : undefined;
    if (!m || !slot) break;
    setOwn(run.raw, m[1]?.trim() ?? '', `${m[2]}${m[3] ? ` ${m[3]}` : ''}`);
    const v = value(slot, m[2] ?? '', m[3]);
    if (v !== undefined) setOwn(run.metrics, slot.key, v);
    last = j;
  }
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return emptyResult(start + 1);
  run.provenance['metrics.measured_concurrency'] = "siege's Concurrency: the measured average of simultaneous connections, not -c";
  run.provenance['metrics.throughput_rps'] = "siege's Transaction rate (a transaction is one request)";
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** Does a siege summary's first pair start at line i (its second line is Availability)? */
function pairsAt(lines: readonly string[], i: number): boolean {
  const first = PAIR.exec(lines[i] ?? '');
  if (first?.[1]?.trim().toLowerCase() !== 'transactions') return false;
  const second = PAIR.exec(lines[i + 1] ?? '');
  return second?.[1]?.trim().toLowerCase() === 'availability';
}

export const siegeReader: BlockReader = {
  name: 'siege',
  mayStartWith: (c) => c === 0x4c || c === 0x54 || c === 0x7b || c === 0x22, // L(ifting), T(ransactions), {, "
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('Lifting the server siege', k)) return pairsAt(lines, i + 1) || (isBlank(lines[i + 1]) && pairsAt(lines, i + 2));
    if (!line.includes('ransactions')) return false;
    return pairsAt(lines, i);
  },
  read: guardedRead('siege summary', readSiege),
};
