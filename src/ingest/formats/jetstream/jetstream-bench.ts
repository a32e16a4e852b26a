/**
 * JetStream's benchmarks/benchmark_serving.py (AI-Hypercomputer/JetStream, 2024-03 on, and the
 * MaxText/TPU forks that copy it) prints its result as plain lines, with no banner:
 *
 *   Successful requests: 800
 *   Benchmark duration: 221.604312 s
 *   Total input tokens / Total generated tokens
 *   Request throughput: 3.61 requests/s
 *   Input token throughput / Output token throughput: … tokens/s
 *   Overall token throughput: … tokens/s                  (2025 on)
 *   Mean TTFT: 812.44 ms / Median TTFT / P99 TTFT / … TPOT (2024); 2025 prints `Mean ttft`, `Mean ttst`
 *   ----- Request complete rate time series (window_size = 10 sec) -----   (2025 on)
 *   TimeStamp,1730000000,1730000010,…
 *   Value,5.10,6.80,…
 *
 * The block is one run; the time series become samples (epoch seconds → UTC time). TTST (time to
 * the second token) has no vocabulary key and keeps JetStream's name. The settings (`Namespace(…)`
 * above: model, num_prompts, request_rate) are the scope's.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import { type SampleRecord, SCHEMA_VERSION } from '../../../model/records';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const PLAIN: Readonly<Record<string, { key: string; unit?: RegExp }>> = {
  'successful requests': { key: 'requests_ok_count' },
  'benchmark duration': { key: 'duration_s', unit: /^s$/ },
  'total input tokens': { key: 'input_tokens' },
  'total generated tokens': { key: 'output_tokens' },
  'request throughput': { key: 'throughput_rps', unit: /^requests\/s$/ },
  'input token throughput': { key: 'input_tps', unit: /^tokens\/s$/ },
  'output token throughput': { key: 'output_tps', unit: /^tokens\/s$/ },
  'overall token throughput': { key: 'total_tps', unit: /^tokens\/s$/ },
};

const STATS: Readonly<Record<string, string>> = { mean: 'mean', median: 'p50', p99: 'p99', p90: 'p90', p50: 'p50' };
const QUANTITY: Readonly<Record<string, string>> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl' };

const LINE = /^\s*([A-Za-z][\w ]*?):\s*(-?\d+(?:\.\d+)?)\s*(\S*)\s*$/;
const SERIES_TITLE = /^-{3,}\s*(.+?) time series \(window_size = (\d+) sec\)\s*-{3,}\s*$/;

function readLine(run: PartialRun, line: string): boolean {
  const m = LINE.exec(line);
  if (!m) return false;
  const label = (m[1] ?? '').trim();
  const value = Number(m[2]);
  const unit = m[3] ?? '';
  setOwn(run.raw, label, unit ? `${m[2]} ${unit}` : (m[2] ?? ''));
  const plain = PLAIN[label.toLowerCase()];
  if (plain) {
    if (plain.unit && !plain.unit.test(unit)) return false;
    setOwn(run.metrics, plain.key, value);
    return true;
  }
  const stat = /^(Mean|Median|P\d+) (\w+)$/i.exec(label);
  if (!stat || unit !== 'ms') return false;
  const s = STATS[(stat[1] ?? '').toLowerCase()] ?? (stat[1] ?? '').toLowerCase();
  const name = (stat[2] ?? '').toLowerCase();
  setOwn(run.metrics, `${QUANTITY[name] ?? slugify(name)}_${s}_ms`, value);
  return true;
}

/** `TimeStamp,…` / `Value,…` after a series title → samples; undefined when the two rows do not pair up. */
function readSeries(lines: readonly string[], j: number, file: string, title: string): SampleRecord[] | undefined {
  const ts = (lines[j + 1] ?? '').trim().split(',');
  const vs = (lines[j + 2] ?? '').trim().split(',');
  if (ts[0] !== 'TimeStamp' || vs[0] !== 'Value' || ts.length !== vs.length) return undefined;
  const series = /output token/i.test(title) ? 'output_tps' : `${slugify(title)}_per_s`;
  const out: SampleRecord[] = [];
  for (let n = 1; n < ts.length; n++) {
    const epoch = Number(ts[n]);
    const value = Number(vs[n]);
    if (!Number.isFinite(epoch) || !Number.isFinite(value)) return undefined;
    const t = new Date(epoch * 1000).toISOString().replace('.000Z', 'Z');
    const source: SampleRecord['source'] = { file, line: j + 3, format: 'jetstream' };
    out.push({
      kind: 'sample',
      schema_version: SCHEMA_VERSION,
      id: recordId(file, j + 3, n, series),
      source,
      t,
      series,
      labels: {},
      value,
    });
  }
  return out;
}

function readJetstream(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const samples: SampleRecord[] = [];
  const run = partialRun('jetstream', start, 'JetStream benchmark_serving');
  let j = start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) {
      if (isBlank(lines[j + 1])) break;
      continue;
    }
    const title = SERIES_TITLE.exec(line.trim());
    if (title) {
      const s = readSeries(lines, j, file, title[1] ?? '');
      if (!s) break;
      samples.push(...s);
      j += 2;
      continue;
    }
    if (readLine(run, line)) continue;
    if (/^\s*[A-Za-z][\w ]*:\s*\S/.test(line) && !/^\s*(Namespace|Benchmarking with)/.test(line))
      diagnostics.push(diag('warning', 'cell-unparsed', `JetStream result: "${line.trim()}" was not read, kept in raw`, file, j));
    break;
  }
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  run.provenance['metrics.duration_s'] = "JetStream's benchmark duration: the whole run's time";
  return { next: Math.max(j, start + 1), runs: [orderRun(run)], env: [], samples, diagnostics };
}

export const jetstreamBenchReader: BlockReader = {
  name: 'jetstream',
  startsAt(lines, i) {
    const line = lines[i];
    // `Successful requests: 60/60 (100.00%)` is another tool's: the key/value reader's.
    if (line === undefined || !/^Successful requests: \d+\s*$/.test(line)) return false;
    // vLLM's block says `Benchmark duration (s):`; JetStream's puts the unit after the value.
    return /^Benchmark duration: \d+(\.\d+)? s$/.test((lines[i + 1] ?? '').trim());
  },
  read: guardedRead('JetStream result', readJetstream),
};
