/**
 * lmdeploy's Profiler summary (lmdeploy/profiler.py, since 2025: profile_throughput.py,
 * profile_pipeline_api.py): a title centred in `=`, aligned `name  value` rows, a rule, then a
 * statistics grid whose header row names the columns (`mean P50 P75 P95 P99`):
 *
 *   ================ Profile Throughput ================
 *   Benchmark duration                        188.402
 *   Total requests / Successful requests / Concurrency / … / Request throughput (req/s)
 *   ----------------------------------------------------
 *                                                mean       P50 …
 *   End-to-end Latency                           7.912     6.801 …
 *   Time to First Token (TTFT) / Time per Output Token (TPOT) / Inter-token Latency (ITL) / Tokens per Tick
 *   ====================================================
 *
 * One box is one run. Every time in it is in seconds (the profiler's perf_counter), so TTFT, TPOT
 * and ITL are scaled to ms; the duration is the whole benchmark's; Concurrency and Total requests
 * are the client's settings.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor, normaliseStat } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { applyLmdeploy, lmdeployCommandAbove } from './lmdeploy-command';

const TITLE = /^\s*={3,}\s+(Profile [\w ]+?)\s+={3,}\s*$/;
const ROW = /^(\S.*?)\s{2,}(\S.*?)\s*$/;
const RULE = /^\s*(-{20,}|={20,})\s*$/;

/** `name value` rows above the grid → metric key (or client setting). */
const TOP: Readonly<Record<string, { key: string; client?: 'concurrency' | 'total_requests' }>> = {
  'benchmark duration': { key: 'duration_s' },
  'total requests': { key: 'total_requests', client: 'total_requests' },
  'successful requests': { key: 'requests_ok_count' },
  concurrency: { key: 'concurrency', client: 'concurrency' },
  'total input tokens': { key: 'input_tokens' },
  'total generated tokens': { key: 'output_tokens' },
  'input throughput (tok/s)': { key: 'input_tps' },
  'output throughput (tok/s)': { key: 'output_tps' },
  'request throughput (req/s)': { key: 'throughput_rps' },
};

/** Grid rows → key stem and the factor from the printed seconds. */
const GRID: Readonly<Record<string, { stem: string; unit: 's' | 'ms' | '' }>> = {
  'end-to-end latency': { stem: 'latency', unit: 's' },
  'time to first token (ttft)': { stem: 'ttft', unit: 'ms' },
  'time per output token (tpot)': { stem: 'tpot', unit: 'ms' },
  'inter-token latency (itl)': { stem: 'itl', unit: 'ms' },
  'tokens per tick': { stem: 'tokens_per_tick', unit: '' },
};

function readTop(run: PartialRun, name: string, text: string, at: string): boolean {
  const top = TOP[name.toLowerCase()];
  setOwn(run.raw, name, text);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return top === undefined; // `Stream output  true`: a setting, kept in raw
  const value = Number(text);
  if (top?.client) {
    (run.client ??= {})[top.client] = value;
    run.provenance[`client.${top.client}`] = at;
  } else if (top) setOwn(run.metrics, top.key, value);
  // Otherwise a setting the script adds (`Cancel rate  0`): kept in raw.
  return true;
}

function readGridRow(run: PartialRun, name: string, text: string, stats: readonly string[]): boolean {
  const g = GRID[name.toLowerCase()];
  const values = text.split(/\s+/);
  setOwn(run.raw, name, text);
  if (values.length !== stats.length || values.some((v) => !/^-?(\d+(\.\d+)?|inf)$/.test(v))) return false;
  const stem = g?.stem ?? slugify(name);
  const factor = g?.unit === 'ms' ? 1000 : 1;
  const unit = g?.unit ? `_${g.unit}` : '';
  values.forEach((v, n) => {
    // `inf` stands for "no request finished": no number to keep.
    if (v !== 'inf') setOwn(run.metrics, `${stem}_${stats[n]}${unit}`, applyFactor(Number(v), factor));
  });
  return true;
}

function readSummary(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const title = TITLE.exec(lines[start] ?? '')?.[1] ?? 'lmdeploy profile';
  const run = partialRun('lmdeploy', start, title);
  let stats: string[] | undefined;
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (/^\s*={20,}\s*$/.test(line) || (isBlank(line) && j > start + 1)) break;
    if (RULE.test(line)) continue;
    if (stats === undefined && /^\s+mean(\s+P\d+)*\s*$/i.test(line)) {
      stats = line
        .trim()
        .split(/\s+/)
        .map((w) => normaliseStat(w) ?? w.toLowerCase());
      continue;
    }
    const m = ROW.exec(line);
    const ok =
      m && (stats ? readGridRow(run, m[1] ?? '', m[2] ?? '', stats) : readTop(run, m[1] ?? '', m[2] ?? '', `${title} at line ${j + 1}`));
    if (!ok)
      diagnostics.push(diag('warning', 'cell-unparsed', `${title}: "${line.trim()}" is not a row lmdeploy prints, kept in raw`, file, j));
  }
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  run.provenance['metrics.duration_s'] = "lmdeploy's benchmark duration: the whole run's time";
  const cmd = lmdeployCommandAbove(lines, start, TITLE);
  applyLmdeploy(run, cmd);
  return { next: Math.min(j + 1, lines.length), runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const lmdeploySummaryReader: BlockReader = {
  name: 'lmdeploy',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || line.charCodeAt(line.length - 1) !== 0x3d || !line.includes(' Profile ')) return false;
    return TITLE.test(line) && /^Benchmark duration\s+\d/.test(lines[i + 1] ?? '');
  },
  read: guardedRead('lmdeploy profile summary', readSummary),
};
