/**
 * SGLang scheduler stat lines → SampleRecords (one per numeric field per line), as vLLM's stat
 * lines are (vllm-server-log.ts):
 *   `[2025-07-18 15:32:54 TP0] Decode batch. #running-req: 1, #token: 2266, token usage: 0.00,
 *       cuda graph: True, gen throughput (token/s): 75.25, #queue-req: 0, timestamp: …`
 *   `[2025-07-18 15:32:52 DP0 TP0] Prefill batch. #new-seq: 1, #new-token: 2192, #cached-token: 35, …`
 * Versions differ: 2024 logs print the time alone (`[16:43:29 TP0]`), later ones the date too;
 * rank tags grew (`DP0 TP0 EP0`, `ATTN_CP4 TP4`); `Decode batch,` replaced `Decode batch.` (2026);
 * prefill lines gained `input throughput (token/s)`, hybrid models `full token usage` /
 * `swa token usage`, other devices `npu graph:` (sgl-project/sglang issues #1612, #2255, #10053,
 * #22166, #30755, #36081; sgl-project/sglang-jax #564).
 * Consecutive stat lines, with other server log lines between them, form one block; it ends
 * with an info line that sums the series up (samples, peak and mean decode throughput), so a
 * scheduler log is never silent. Names of the shared series follow vLLM's (`output_tps`,
 * `num_requests_running`, …); `token usage` is a fraction and becomes a percentage.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import type { SampleRecord } from '../../../model/records';
import { slugify } from '../../../model/safe-keys';
import { diag, guardedRead, lineSample } from '../../blocks/common';
import type { BlockReader, BlockResult } from '../../types';

/** The batch tag: `Decode batch.` / `Prefill batch.` followed by a `#field:` or a field. */
const BATCH = /\b(Decode|Prefill) batch[.,]\s+(?=[#\w])/;
/** `[2025-07-18 15:32:54 DP0 TP0]`, `[16:43:29 TP0]`, `[2025-07-18 15:32:54]`, `INFO:`, or nothing (a line pasted bare). */
const PREFIX = /^\s*(?:\[(?:(\d{4}-\d\d-\d\d)[ T])?(\d\d:\d\d:\d\d)(?:[.,]\d+)?((?:\s+[A-Z][A-Z_]*\d+)*)\]\s*|INFO:?\s+|\S*\s*)?$/;
/** A server log line that may sit between stat lines without ending the block. */
const SERVER_LOG = /^\s*(?:\[(?:\d{4}-\d\d-\d\d[ T])?\d\d:\d\d:\d\d[^\]]*\]|INFO\b|WARNING\b|DEBUG\b)/;

const SERIES: Readonly<Record<string, string>> = {
  '#running-req': 'num_requests_running',
  '#queue-req': 'num_requests_waiting',
  '#token': 'num_tokens_in_use',
  'token usage': 'gpu_kv_cache_usage_pct',
  'gen throughput (token/s)': 'output_tps',
  'input throughput (token/s)': 'input_tps',
  'cache hit rate': 'prefix_cache_hit_rate_pct',
  '#new-seq': 'prefill_new_seqs',
  '#new-token': 'prefill_new_tokens',
  '#cached-token': 'prefill_cached_tokens',
};
/** Fields that say how the batch ran, not how much (`cuda graph: True`, `npu graph: False`): not samples. */
const NOT_MEASURED = /^(\w+ graph|timestamp)$/i;

/** Where the batch tag is, on a line that is a scheduler stat line (a prefix before it, nothing else). */
function batchAt(line: string | undefined): RegExpExecArray | undefined {
  if (line === undefined || line.length > 4000) return undefined;
  const m = BATCH.exec(line);
  if (!m || !PREFIX.test(line.slice(0, m.index))) return undefined;
  return m;
}

/** Whether the line is an SGLang scheduler stat line. */
export function isSchedulerStatLine(line: string | undefined): boolean {
  return line?.includes(' batch') === true && batchAt(line) !== undefined;
}

interface Field {
  series: string;
  value: number;
}

function fieldsOf(body: string, batch: string, unread: string[]): Field[] {
  const fields: Field[] = [];
  for (const part of body.split(/,\s*/)) {
    const m = /^\s*(#?[A-Za-z][\w\- ]*?(?:\s*\([^()]*\))?)\s*:\s*(.*?)\s*$/.exec(part);
    if (!m?.[1] || m[2] === undefined) {
      if (part.trim() !== '') unread.push(part.trim());
      continue;
    }
    const name = m[1].trim();
    if (NOT_MEASURED.test(name)) continue;
    const num = /^(-?\d+(?:\.\d+)?)(%?)$/.exec(m[2]);
    if (!num?.[1]) {
      unread.push(part.trim());
      continue;
    }
    let value = Number(num[1]);
    // Pool usages (`token usage`, `full token usage`, `mamba usage`) are fractions: percentages here.
    const usage = /usage$/.test(name) && !num[2];
    if (usage) value = Math.round(value * 1e6) / 1e4;
    const known = SERIES[name];
    const series = known ?? `${batch === 'Prefill' ? 'prefill_' : ''}${slugify(name.replace(/^#/, ''))}${num[2] || usage ? '_pct' : ''}`;
    fields.push({ series, value });
  }
  return fields;
}

function labelsOf(ranks: string | undefined, batch: string): Record<string, string> {
  const labels: Record<string, string> = { batch: batch.toLowerCase() };
  for (const r of (ranks ?? '').trim().split(/\s+/)) {
    const m = /^([A-Z][A-Z_]*?)(\d+)$/.exec(r);
    if (m?.[1] && m[2]) labels[m[1].toLowerCase()] = m[2];
  }
  return labels;
}

function summary(samples: readonly SampleRecord[], lines: number): string {
  const tps = samples.filter((s) => s.series === 'output_tps').map((s) => s.value);
  const peak =
    tps.length > 0
      ? `; decode throughput peak ${Math.max(...tps)} token/s, mean ${(tps.reduce((a, b) => a + b, 0) / tps.length).toFixed(2)} token/s`
      : '';
  return `SGLang scheduler stat lines: ${lines} lines read as ${samples.length} samples (no benchmark run)${peak}`;
}

function readSchedulerBlock(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const samples: SampleRecord[] = [];
  const unread: string[] = [];
  let last = start;
  let count = 0;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const m = batchAt(line);
    if (!m?.[1]) {
      if (SERVER_LOG.test(line)) continue;
      break;
    }
    last = j;
    count++;
    const p = PREFIX.exec(line.slice(0, m.index));
    // A time without its date (2024 logs) is kept as printed: a time of day.
    const t = p?.[2] ? (p[1] ? `${p[1]}T${p[2]}` : p[2]) : undefined;
    const labels = labelsOf(p?.[3], m[1]);
    for (const f of fieldsOf(line.slice(m.index + m[0].length).replace(/[,.]\s*$/, ''), m[1], unread)) {
      const id = recordId(file, j + 1, undefined, f.series);
      const source: SampleRecord['source'] = { file, line: j + 1, format: 'sglang-server-log' };
      samples.push(lineSample({ id, source, t, series: f.series, labels, value: f.value }));
    }
  }
  if (unread.length > 0)
    diagnostics.push(diag('info', 'cell-unparsed', `${unread.length} scheduler stat fields not read (first: "${unread[0]}")`, file, start));
  diagnostics.push(diag('info', 'prose-skipped', summary(samples, count), file, start));
  return { next: last + 1, runs: [], env: [], samples, diagnostics };
}

export const sglangSchedulerLogReader: BlockReader = {
  name: 'sglang-server-log',
  startsAt(lines, i) {
    return isSchedulerStatLine(lines[i]);
  },
  read: guardedRead('scheduler stat lines', readSchedulerBlock),
};
