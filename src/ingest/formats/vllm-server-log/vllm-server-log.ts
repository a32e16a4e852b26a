/**
 * vLLM server stat lines → SampleRecords (one per field per line):
 *   V0 (llm_engine.py / metrics.py): `INFO 10-26 02:48:42 llm_engine.py:624] Avg prompt throughput: 109.4 tokens/s,
 *       Avg generation throughput: 1003.7 tokens/s, Running: 18 reqs, Swapped: 0 reqs, Pending: 0 reqs,
 *       GPU KV cache usage: 8.9%, CPU KV cache usage: 0.0%` (2025 builds add a trailing period)
 *   V1 (loggers.py): `(APIServer pid=158) INFO 09-02 13:08:10 [loggers.py:123] Engine 000: Avg prompt …,
 *       Running: 10 reqs, Waiting: 0 reqs, GPU KV cache usage: 4.1%, Prefix cache hit rate: 53.7%`
 *       (current builds add `Preemptions: 3`, `External prefix cache hit rate`, `MM cache hit rate`),
 *       and its `SpecDecoding metrics: Mean acceptance length: 2.61, …, Per-position acceptance
 *       rate: 0.842, 0.577, …` line (one sample per draft position, label `position`).
 * Consecutive stat lines, with uvicorn access lines and other server log lines between them,
 * form one block. Pasted logs are often cut at either end of a line: a field cut at the start
 * is dropped; a number at the very end of a cut line is kept when it is whole (vLLM prints
 * rates and percentages with one decimal, so `0.0` is whole and `0.` is not).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import type { SampleRecord } from '../../../model/records';
import { slugify } from '../../../model/safe-keys';
import { diag, guardedRead, lineSample } from '../../blocks/common';
import type { BlockReader, BlockResult } from '../../types';

const STAT = /Avg (prompt|generation) throughput:|\bRunning: \d+ reqs\b|GPU KV cache usage: [\d.]+|\bSpecDecoding metrics: /;
/** V1 speculative decoding line (printed after the engine line): its fields start after this tag. */
const SPEC_TAG = /\bSpecDecoding metrics:\s*/;
/** A server log line that may sit between stat lines without ending the block. */
const SERVER_LOG = /^\s*(\(\w+ pid=\d+\)\s*)?(INFO|WARNING|DEBUG)\b/;
/** `INFO 10-26 02:48:42`, `INFO 2025-10-26 02:48:42`. */
const LOG_TIME = /\b(?:INFO|WARNING|DEBUG|ERROR)\s+(?:(\d{4})-)?(\d{2})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\b/;
/** Where the field list begins: after `Engine 000:` (V1), else after the logger `file.py:123]` tag. */
const ENGINE_TAG = /\bEngine (\d+):\s*/;
const LOGGER_TAG = /\.py:\d+\]\s*/;

const SERIES: ReadonlyArray<[RegExp, string]> = [
  [/^avg prompt throughput$/i, 'input_tps'],
  [/^avg generation throughput$/i, 'output_tps'],
  [/^running$/i, 'num_requests_running'],
  [/^(waiting|pending)$/i, 'num_requests_waiting'],
  [/^swapped$/i, 'num_requests_swapped'],
  [/^gpu kv cache usage$/i, 'gpu_kv_cache_usage_pct'],
  [/^cpu kv cache usage$/i, 'cpu_kv_cache_usage_pct'],
  [/^(gpu )?prefix cache hit rate$/i, 'prefix_cache_hit_rate_pct'],
  [/^preemptions$/i, 'num_preemptions'],
];

function seriesName(label: string, unit: string): string {
  for (const [re, name] of SERIES) if (re.test(label.trim())) return name;
  const base = slugify(label);
  return unit === '%' ? `${base}_pct` : base;
}

/** A stat line cut at its start begins with one of its own fields (or the tail of one, `nning: 10 reqs,`). */
const FIELD_START =
  /^\s*,?\s*([A-Za-z ]*:\s*[\d.]+\s*[\w%/]*\s*,\s*)?(Avg (prompt|generation) throughput|Running|Waiting|Pending|Swapped|GPU KV cache usage|CPU KV cache usage|Prefix cache hit rate):/;

/**
 * A server stat line: the fields plus the logger's tag (or the line starts with a field, when
 * it was cut). Prose or a Markdown table row that merely quotes a field is not one.
 */
export function isStatLine(line: string | undefined): boolean {
  if (line === undefined || !STAT.test(line)) return false;
  return ENGINE_TAG.test(line) || SPEC_TAG.test(line) || LOGGER_TAG.test(line) || FIELD_START.test(line);
}

/** `10-26T02:48:42` (no year invented) or `2025-10-26T02:48:42` when the log prints one. */
function logTime(line: string): string | undefined {
  const m = LOG_TIME.exec(line);
  if (!m) return undefined;
  const md = `${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  return m[1] ? `${m[1]}-${md}` : md;
}

interface Field {
  label: string;
  value: number;
  unit: string;
}

/** The fields of one stat line, with diagnostics for what was cut. */
function readFields(line: string, file: string, index: number, diagnostics: Diagnostic[]): { fields: Field[]; engine?: string } {
  const start = ENGINE_TAG.exec(line) ?? SPEC_TAG.exec(line) ?? LOGGER_TAG.exec(line);
  // `Per-position acceptance rate: 0.842, 0.577` lists one value per draft position: a field each.
  const body = (start ? line.slice(start.index + start[0].length) : line).replace(
    /Per-position acceptance rate:\s*((?:[\d.]+(?:,\s*)?)+?)(?=,\s*[A-Za-z]|\.?\s*$)/,
    (_, list: string) =>
      list
        .split(/,\s*/)
        .map((v, k) => `Per position acceptance rate at ${k}: ${v}`)
        .join(', '),
  );
  const cutAtStart = !start && !/^\s*Avg prompt throughput:/.test(line);
  const parts = body.replace(/\.\s*$/, '').split(/,\s*/);
  const fields: Field[] = [];
  parts.forEach((part, k) => {
    const last = k === parts.length - 1;
    const m = /^\s*([A-Za-z][A-Za-z ]*?(?: at \d+)?):\s*(-?\d+(?:\.\d*)?)\s*(.*?)\s*$/.exec(part);
    if (!m?.[1] || m[2] === undefined) {
      if (part.trim() === '' || (k === 0 && cutAtStart)) return;
      if (last) diagnostics.push(diag('info', 'cell-lossy', `stat line cut at its end: "${part.trim()}" not read`, file, index));
      else diagnostics.push(diag('info', 'cell-unparsed', `stat line field not read: "${part.trim()}"`, file, index));
      return;
    }
    const label = m[1];
    const number = m[2];
    const unit = m[3] ?? '';
    if (k === 0 && cutAtStart && !SERIES.some(([re]) => re.test(label))) return; // a cut label
    if (last && unit === '') {
      // The line ends at the number: whole only in the form vLLM prints (`.1f` for rates and %).
      const expectsDecimal = !/^(running|waiting|pending|swapped)$/i.test(label);
      const whole = expectsDecimal ? /^\d+\.\d$/.test(number) : false;
      if (!whole) {
        diagnostics.push(diag('warning', 'cell-lossy', `stat line cut inside "${label}: ${number}": value dropped`, file, index));
        return;
      }
    }
    fields.push({ label, value: Number(number), unit });
  });
  const result: { fields: Field[]; engine?: string } = { fields };
  const engine = ENGINE_TAG.exec(line)?.[1];
  if (engine !== undefined) result.engine = engine;
  return result;
}

function readStatBlock(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const samples: SampleRecord[] = [];
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (!isStatLine(line)) {
      if (SERVER_LOG.test(line)) continue;
      break;
    }
    last = j;
    // A line cut before its timestamp has no time: `t` stays absent (not its ordinal, not 0).
    const t = logTime(line);
    const { fields, engine } = readFields(line, file, j, diagnostics);
    for (const f of fields) {
      const at = / at (\d+)$/.exec(f.label);
      const series = seriesName(at ? f.label.slice(0, at.index) : f.label, f.unit);
      const labels: Record<string, string> = {};
      if (engine !== undefined) labels.engine = engine;
      if (at?.[1]) labels.position = at[1];
      const id = recordId(file, j + 1, undefined, at?.[1] === undefined ? series : `${series}_${at[1]}`);
      const source: SampleRecord['source'] = { file, line: j + 1, format: 'vllm-server-log' };
      samples.push(lineSample({ id, source, t, series, labels, value: f.value }));
    }
  }
  return { next: last + 1, runs: [], env: [], samples, diagnostics };
}

export const vllmServerLogReader: BlockReader = {
  name: 'vllm-server-log',
  startsAt(lines, i) {
    return isStatLine(lines[i]);
  },
  read: guardedRead('server stat lines', readStatBlock),
};
