/**
 * SGLang's static-batch benchmark (`python -m sglang.bench_one_batch`, before 2024-11
 * `sglang.bench_latency`), one group of lines per (batch size, input, output) case:
 *
 *   Warmup ...                     (the first group is a warm-up pass; `Benchmark ...` starts the real ones)
 *   Prefill. latency: 0.30021 s, throughput:  13643.78 token/s
 *   Decode 0. Batch size: 8, latency: 0.01420 s, throughput: 563.38 token/s   (2024: `Decode.  latency: …`)
 *   Decode.  median latency: 0.01399 s, median throughput:    571.84 token/s
 *   Total. latency:  1.201 s, throughput:   3837.34 token/s
 *
 * Read from sglang's bench_one_batch.py print statements (sgl-project/sglang) and public logs of
 * them. A group is one run: the prefill time is the batch's time to first token and its rate the
 * input throughput; the median decode step is the time per output token and its rate the output
 * throughput; the total is the whole case's duration and overall throughput. Each decode step is
 * a sample. A warm-up group is kept, flagged `warmup-suspect`. The batch size is the client's
 * concurrency; model, tp and lengths come from the command above when it states them once.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import { applyFactor } from '../../../model/metric-vocabulary';
import { type SampleRecord, SCHEMA_VERSION } from '../../../model/records';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import { lastPathPart } from '../../exports/model-path';
import { shellWords, stripPrompt } from '../../launch-command';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;
const PREFILL = new RegExp(String.raw`^\s*(?:#\s*)?Prefill\. latency:\s*${NUM} s, throughput:\s*${NUM} token/s\s*$`);
const DECODE_STEP = new RegExp(
  String.raw`^\s*(?:#\s*)?Decode(?: (\d+))?\.\s+(?:Batch size: (\d+), )?latency:\s*${NUM} s, throughput:\s*${NUM} token/s\s*$`,
);
const DECODE_MEDIAN = new RegExp(String.raw`^\s*(?:#\s*)?Decode\.\s+median latency:\s*${NUM} s, median throughput:\s*${NUM} token/s\s*$`);
const TOTAL = new RegExp(String.raw`^\s*(?:#\s*)?Total\. latency:\s*${NUM} s, throughput:\s*${NUM} token/s\s*$`);
/** Log lines the tool prints between a group's lines (`[… TP0] Reset HybridReqToTokenPool`). */
const BETWEEN = /^\s*(?:#\s*)?\[[^\]]*\]\s/;

const COMMAND = /sglang\.bench_(?:one_batch|latency)\b|bench_(?:one_batch|latency)\.py\b/;
const REACH = 60;

interface CommandFacts {
  at: number;
  model?: string;
  tp?: number;
  client: Partial<Record<'concurrency' | 'input_len' | 'output_len', number>>;
}

const FLAGS: Readonly<Record<string, 'model' | 'tp' | 'concurrency' | 'input_len' | 'output_len'>> = {
  '--model-path': 'model',
  '--model': 'model',
  '--tp': 'tp',
  '--tp-size': 'tp',
  '--batch-size': 'concurrency',
  '--batch': 'concurrency',
  '--input-len': 'input_len',
  '--input': 'input_len',
  '--output-len': 'output_len',
  '--output': 'output_len',
};

/** The nearest bench_one_batch command above; a flag given several values (a sweep) is not taken. */
function commandAbove(lines: readonly string[], start: number): CommandFacts | undefined {
  for (let k = start - 1; k >= 0 && k >= start - REACH; k--) {
    const line = lines[k] ?? '';
    if (!COMMAND.test(line)) continue;
    const facts: CommandFacts = { at: k, client: {} };
    const words = shellWords(stripPrompt(line.replace(/^\s*#\s*/, '')));
    for (let w = 0; w < words.length; w++) {
      const [flag = '', inline] = (words[w] ?? '').split('=', 2);
      const setting = FLAGS[flag];
      if (!setting) continue;
      const values: string[] = inline !== undefined ? [inline] : [];
      while (inline === undefined && w + 1 < words.length && !(words[w + 1] ?? '-').startsWith('-')) values.push(words[++w] ?? '');
      if (values.length !== 1) continue;
      const v = values[0] ?? '';
      if (setting === 'model') facts.model = lastPathPart(v);
      else if (/^\d+$/.test(v)) {
        if (setting === 'tp') facts.tp = Number(v);
        else facts.client[setting] = Number(v);
      }
    }
    return facts;
  }
  return undefined;
}

/** Whether the group at `start` follows `Warmup ...` (and no `Benchmark ...` since). */
function isWarmup(lines: readonly string[], start: number): boolean {
  for (let k = start - 1; k >= 0 && k >= start - REACH; k--) {
    const line = (lines[k] ?? '').replace(/^\s*#\s*/, '').trim();
    if (line === 'Warmup ...') return true;
    if (line === 'Benchmark ...' || TOTAL.test(lines[k] ?? '')) return false;
  }
  return false;
}

function stepSamples(file: string, j: number, step: number, latency: number, tps: number): SampleRecord[] {
  const source: SampleRecord['source'] = { file, line: j + 1, format: 'sglang-one-batch' };
  const base = { kind: 'sample' as const, schema_version: SCHEMA_VERSION, source, labels: { step: String(step) } };
  return [
    {
      ...base,
      id: recordId(file, j + 1, undefined, 'decode_step_latency_ms'),
      series: 'decode_step_latency_ms',
      value: applyFactor(latency, 1000),
    },
    { ...base, id: recordId(file, j + 1, undefined, 'decode_step_tps'), series: 'decode_step_tps', value: tps },
  ];
}

function applyFacts(run: PartialRun, facts: CommandFacts): void {
  const where = `bench_one_batch command at line ${facts.at + 1}`;
  if (facts.model) {
    run.model = facts.model;
    run.provenance.model = where;
  }
  if (facts.tp !== undefined) {
    run.parallelism = { tp: facts.tp };
    run.provenance['parallelism.tp'] = where;
  }
  for (const [key, value] of Object.entries(facts.client)) {
    const client = (run.client ??= {}) as Record<string, unknown>;
    if (client[key] !== undefined || value === undefined) continue;
    client[key] = value;
    run.provenance[`client.${key}`] = where;
  }
}

function readGroup(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const samples: SampleRecord[] = [];
  const run = partialRun('sglang-one-batch', start, 'bench_one_batch');
  const p = PREFILL.exec(lines[start] ?? '');
  if (!p) return emptyResult(start + 1);
  setOwn(run.metrics, 'ttft_mean_ms', applyFactor(Number(p[1]), 1000));
  setOwn(run.metrics, 'input_tps', Number(p[2]));
  run.provenance['metrics.ttft_mean_ms'] = 'the prefill of the whole batch: every request’s first token';
  let j = start + 1;
  let step = 0;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const d = DECODE_STEP.exec(line);
    if (d) {
      if (d[2] !== undefined) (run.client ??= {}).concurrency = Number(d[2]);
      samples.push(...stepSamples(file, j, d[1] !== undefined ? Number(d[1]) : step, Number(d[3]), Number(d[4])));
      step++;
      continue;
    }
    const m = DECODE_MEDIAN.exec(line);
    if (m) {
      setOwn(run.metrics, 'tpot_p50_ms', applyFactor(Number(m[1]), 1000));
      setOwn(run.metrics, 'output_tps', Number(m[2]));
      continue;
    }
    const t = TOTAL.exec(line);
    if (t) {
      setOwn(run.metrics, 'duration_s', Number(t[1]));
      setOwn(run.metrics, 'total_tps', Number(t[2]));
      run.provenance['metrics.duration_s'] = "bench_one_batch's total latency: the whole case's time (prefill and every decode step)";
      j++;
      break;
    }
    if (BETWEEN.test(line)) continue;
    diagnostics.push(
      diag('warning', 'table-truncated', `bench_one_batch: the case at line ${start + 1} ends without its "Total." line`, file, j),
    );
    break;
  }
  if (run.client?.concurrency !== undefined) run.provenance['client.concurrency'] = `decode lines' batch size (line ${start + 2})`;
  const facts = commandAbove(lines, start);
  if (facts) applyFacts(run, facts);
  if (isWarmup(lines, start)) {
    run.flags.push('warmup-suspect');
    run.title = 'bench_one_batch warm-up';
  }
  return { next: Math.max(j, start + 1), runs: [orderRun(run)], env: [], samples, diagnostics };
}

/** The tool's lines just above a case (`Warmup ...`, `Benchmark ...`, `max_total_num_tokens=…`), which a general key/value block would otherwise take with the case. */
const PREAMBLE = /^\s*(?:#\s*)?(?:Warmup \.\.\.|Benchmark \.\.\.|max_total_num_tokens=\d+)\s*$/;

/** The Prefill line of the case that starts at or just below line i, or -1. */
function prefillAt(lines: readonly string[], i: number): number {
  const line = lines[i];
  if (line === undefined) return -1;
  if (line.includes('Prefill. latency:') && PREFILL.test(line)) return i;
  if (!(line.includes(' ...') || line.includes('max_total_num_tokens=')) || !PREAMBLE.test(line)) return -1;
  for (let k = i + 1; k < lines.length && k <= i + 3; k++) {
    const next = lines[k] ?? '';
    if (PREFILL.test(next)) return k;
    if (!PREAMBLE.test(next) && !BETWEEN.test(next)) return -1;
  }
  return -1;
}

function readFromPreamble(lines: readonly string[], i: number, file: string): BlockResult {
  const at = prefillAt(lines, i);
  const r = readGroup(lines, at < 0 ? i : at, file);
  const tokens = /max_total_num_tokens=(\d+)/.exec(lines.slice(i, Math.max(at, i)).join('\n'));
  for (const run of r.runs) if (tokens?.[1]) setOwn(run.raw, 'max_total_num_tokens', tokens[1]);
  return r;
}

export const sglangOneBatchReader: BlockReader = {
  name: 'sglang-one-batch',
  startsAt(lines, i) {
    return prefillAt(lines, i) >= 0;
  },
  read: guardedRead('bench_one_batch case', readFromPreamble),
};
