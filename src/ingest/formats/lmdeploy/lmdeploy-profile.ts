/**
 * lmdeploy's benchmark scripts before 2025 (benchmark/profile_throughput.py, profile_generation.py,
 * profile_restful_api.py, profile_serving.py) print one result block between dashed rules:
 *
 *   concurrency: 64                       (profile_generation: `concurrency: 8, input_tokens: 1,
 *   elapsed_time: 301.250s                 output_tokens: 2048`, later `total time: 41.37s`,
 *   first token latency(s)(min, max, ave): 0.6, 12.8, 4.4      `concurrency: 32, test_round: 3`)
 *   per-token latency(s) percentile(50, 75, 95, 99): [0.02, 0.03, 0.07, 0.1]
 *   number of prompt tokens / number of completion tokens
 *   token throughput (completion token): … token/s, (prompt + completion token): … token/s
 *   RPS (request per second): … req/s, RPM (request per minute): … req/min
 *
 * One block is one run. The elapsed time is the whole benchmark's duration; first-token latency is
 * TTFT; `token latency` / `total_token latency` is a request's whole time; the per-token latency
 * percentiles are the gaps between consecutive tokens of all requests pooled (ITL). Tuples
 * `(min, max, ave): a, b, c` and lists `[a, b, c, d]` give one metric per named statistic.
 * Shapes read from the scripts' print statements in InternLM/lmdeploy's history (2023-06 to 2025).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { applyLmdeploy, lmdeployCommandAbove } from './lmdeploy-command';

type Quantity = { key: string; factor: number };

/** A stat word of the scripts' tuples → the vocabulary's stat. */
const STAT_WORDS: Readonly<Record<string, string>> = { min: 'min', max: 'max', ave: 'mean', avg: 'mean', mean: 'mean' };

/** Labels printed with a tuple or list of statistics → the quantity (key stem and unit factor). */
function tupleQuantity(label: string): { stem: string; unit: 'ms' | 's' } | undefined {
  const l = label.toLowerCase();
  if (/^first[ _]token[ _]latency/.test(l)) return { stem: 'ttft', unit: 'ms' };
  if (/^per-token latency|^token_latency percentiles/.test(l)) return { stem: 'itl', unit: 'ms' };
  if (/^(total_)?token latency/.test(l)) return { stem: 'latency', unit: 's' };
  return undefined;
}

/** Plain `label: value unit` lines → metric key and factor to the key's unit. */
const PLAIN: ReadonlyArray<{ pattern: RegExp; q: Quantity }> = [
  { pattern: /^(elapsed_time|total time)$/, q: { key: 'duration_s', factor: 1 } },
  { pattern: /^number of prompt tokens$/, q: { key: 'input_tokens', factor: 1 } },
  { pattern: /^number of completion tokens$/, q: { key: 'output_tokens', factor: 1 } },
  { pattern: /^token throughput \(completion token\)$|^throughput(\(output\))?$/, q: { key: 'output_tps', factor: 1 } },
  { pattern: /^token throughput \(prompt \+ completion token\)$|^throughput\(total\)$/, q: { key: 'total_tps', factor: 1 } },
  { pattern: /^rps \(request per second\)$/, q: { key: 'throughput_rps', factor: 1 } },
];

/** Settings printed on the block's first lines (`concurrency: 8, input_tokens: 1, output_tokens: 2048`). */
const SETTINGS: Readonly<Record<string, 'concurrency' | 'input_len' | 'output_len' | 'test_round'>> = {
  concurrency: 'concurrency',
  cocurrency: 'concurrency', // the first profile_generation.py's spelling
  input_tokens: 'input_len',
  output_tokens: 'output_len',
  test_round: 'test_round',
};

const RULE = /^\s*(?:-{10,}|(?:\s?-\s){10,}\s*)$/;
const LINE = /^\s*([A-Za-z][\w .()+,%-]*?)\s*:\s*(.+?)\s*$/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/i;

function readSettings(run: PartialRun, text: string, at: string): boolean {
  const pairs = [...text.matchAll(/(\w+):\s*(\d+)/g)];
  if (pairs.length === 0 || !pairs.every((p) => SETTINGS[p[1] ?? ''] !== undefined)) return false;
  for (const p of pairs) {
    const key = SETTINGS[p[1] ?? ''];
    const value = Number(p[2]);
    if (key === 'test_round') setOwn(run.raw, 'test_round', String(value));
    else if (key !== undefined) {
      (run.client ??= {})[key] = value;
      run.provenance[`client.${key}`] = at;
    }
  }
  return true;
}

/** `a, b, c` (each maybe with `s`) or `[a, b, c, d]` → numbers, or undefined if any is not one. */
function numberList(text: string): number[] | undefined {
  const parts = text
    // numpy ≥ 2 prints a list of its floats as `[np.float64(0.031), …]`.
    .replace(/np\.float\d+\(([^)]*)\)/g, '$1')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((p) => p.trim().replace(/s$/, ''));
  if (parts.some((p) => !NUMBER.test(p) || NUMBER.exec(p)?.[0] !== p)) return undefined;
  return parts.map(Number);
}

/** The statistics a tuple label names, in order: `(min, max, ave)`, `percentile(50, 75, 95, 99)`. */
function tupleStats(label: string): string[] | undefined {
  const named = /\((min, ?max, ?ave?)\)/i.exec(label);
  if (named) return (named[1] ?? '').split(/,\s*/).map((w) => STAT_WORDS[w.toLowerCase()] ?? w);
  const pct = /percentiles?\s*\(([\d%, ]+)\)/i.exec(label);
  if (pct) return (pct[1] ?? '').split(/,\s*/).map((p) => `p${p.replace('%', '').trim()}`);
  return undefined;
}

function readTuple(run: PartialRun, label: string, text: string): boolean {
  const q = tupleQuantity(label);
  const stats = tupleStats(label);
  const values = numberList(text);
  if (!q || !stats || !values || stats.length !== values.length) return false;
  // Every value of these scripts is printed in seconds.
  const factor = q.unit === 'ms' ? 1000 : 1;
  stats.forEach((stat, n) => {
    setOwn(run.metrics, `${q.stem}_${stat}_${q.unit}`, applyFactor(values[n] ?? Number.NaN, factor));
  });
  return true;
}

function readPlain(run: PartialRun, label: string, text: string): boolean {
  const l = label.toLowerCase();
  const m = NUMBER.exec(text);
  if (!m) return false;
  const plain = PLAIN.find((p) => p.pattern.test(l));
  if (plain) {
    setOwn(run.metrics, plain.q.key, applyFactor(Number(m[0]), plain.q.factor));
    return true;
  }
  // RPM is RPS × 60: kept under its own name, as the tool prints it.
  if (/^rpm \(request per minute\)$/.test(l)) {
    setOwn(run.metrics, slugify(label), Number(m[0]));
    return true;
  }
  return false;
}

/** Reads one line of the block into the run; false when the line is not one lmdeploy prints. */
function readLine(run: PartialRun, line: string, at: string): boolean {
  const m = LINE.exec(line);
  if (!m) return false;
  const label = m[1] ?? '';
  const text = m[2] ?? '';
  if (/^(concurrency|cocurrency|input_tokens)$/i.test(label)) {
    if (!readSettings(run, `${label}: ${text}`, at)) return false;
    return true;
  }
  setOwn(run.raw, label, text);
  return readTuple(run, label, text) || readPlain(run, label, text);
}

const START = /^(?:cocurrency: \d|concurrency: \d|total time: \d)/;

function readBlock(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('lmdeploy', start, 'lmdeploy profile');
  let j = start;
  let blanks = 0;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line)) break;
    if (isBlank(line)) {
      if (++blanks > 1) break;
      continue;
    }
    blanks = 0;
    if (readLine(run, line, `lmdeploy result block at line ${j + 1}`)) continue;
    if (j === start) return emptyResult(start + 1);
    diagnostics.push(
      diag('warning', 'cell-unparsed', `lmdeploy result: "${line.trim()}" is not a line lmdeploy prints, kept in raw`, file, j),
    );
  }
  if (!['output_tps', 'throughput_rps', 'ttft_mean_ms', 'duration_s'].some((k) => k in run.metrics))
    return { ...emptyResult(start + 1), diagnostics };
  if ('duration_s' in run.metrics) run.provenance['metrics.duration_s'] = "lmdeploy's elapsed time: the whole benchmark's duration";
  const cmd = lmdeployCommandAbove(lines, start, RULE_OR_RESULT);
  applyLmdeploy(run, cmd);
  return { next: Math.max(j + (RULE.test(lines[j] ?? '') ? 1 : 0), start + 1), runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** The command of a block is the nearest above it, not one above an earlier block's results. */
const RULE_OR_RESULT = /^\s*(?:RPM \(request per minute\)|throughput(?:\(total\))?:)/;

export const lmdeployProfileReader: BlockReader = {
  name: 'lmdeploy',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    const c = line.charCodeAt(k);
    if (c !== 0x63 && c !== 0x74) return false;
    if (!START.test(k === 0 ? line : line.slice(k))) return false;
    // The next line is lmdeploy's own: a bare `concurrency: 8` elsewhere is not its block.
    const next = lines[i + 1] ?? '';
    if (c === 0x74) return /^\s*concurrency: \d+, test_round:/.test(next);
    for (let j = i + 1; j < lines.length && j <= i + 2; j++) if (/^\s*elapsed_time:\s*\d/.test(lines[j] ?? '')) return true;
    return false;
  },
  read: guardedRead('lmdeploy result block', readBlock),
};
