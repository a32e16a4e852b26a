/**
 * The general fallback (src/ingest/residue): labelled numbers no reader took, read by their
 * general shape whatever the tool. Fixtures in test/fixtures/residue were written for these tests
 * in the shapes named in their first lines (other names and numbers; no tool's file copied).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLog } from '../../src/ingest/parse-log';
import { readPairLine } from '../../src/ingest/residue/pair-line';
import { streamConsoleLog } from '../../src/ingest/stream';
import type { BenchRecord, RunRecord } from '../../src/model/records';

const DIR = path.join(__dirname, '..', 'fixtures', 'residue');
const RUNS = Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 300);

function parsed(name: string): { runs: RunRecord[]; messages: string[] } {
  const file = `test/fixtures/residue/${name}`;
  const res = parseLog(fs.readFileSync(path.join(DIR, name), 'utf8'), { file });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  return { runs, messages: res.diagnostics.map((d) => `${d.severity} [${d.code}] ${d.message}`) };
}

test('property: a labelled number behind any marker, separator and quotes is read back as printed', () => {
  const label = fc.constantFrom(
    'Mean TTFT',
    'decode speed',
    'http.response_time',
    'queue_wait',
    'Output throughput',
    '__proto__',
    'p99 latency',
  );
  const value = fc.double({ min: 0, max: 1e6, noNaN: true }).map((v) => Math.round(v * 1000) / 1000);
  const unit = fc.constantFrom(undefined, 'ms', 's', 'tok/s', '/sec', 'GB', 'µs', 'tokens-per-sec');
  const sep = fc.constantFrom(': ', ' = ', ' -> ', '\t', '    ', ': ........ ', ' ------ ', ' ..... ');
  const marker = fc.constantFrom('', '# ', '// ', '> ', '* ', '- ', '  ');
  const quote = fc.constantFrom('', "'", '"');
  const brackets = fc.boolean();
  fc.assert(
    fc.property(label, value, unit, sep, marker, quote, brackets, (l, v, u, s, m, q, b) => {
      // Two or more spaces or a TAB only separate a label with no space doubled inside it.
      const printedValue = b && u === undefined ? `[${v}]` : `${v}${u === undefined ? '' : ` ${u}`}`;
      const line = `${m}${q}${l}${q}${s}${printedValue}${q === '' ? '' : ','}`;
      const read = readPairLine(line);
      const want: { label: string; value: number; unit?: string } = { label: l, value: v };
      if (u !== undefined) want.unit = u;
      assert.deepEqual(read?.pairs, [want], JSON.stringify(line));
    }),
    { numRuns: RUNS },
  );
});

test('several pairs on one line, split by `,` `;` `|`, and name=value statistics under one name', () => {
  assert.deepEqual(readPairLine('throughput = 812.5 tok/s; ttft = 44 ms | itl: 12 ms, errors: 0')?.pairs, [
    { label: 'throughput', value: 812.5, unit: 'tok/s' },
    { label: 'ttft', value: 44, unit: 'ms' },
    { label: 'itl', value: 12, unit: 'ms' },
    { label: 'errors', value: 0 },
  ]);
  assert.deepEqual(readPairLine('wait....: avg=4.5ms p(95)=9ms')?.pairs, [
    { label: 'wait avg', value: 4.5, unit: 'ms' },
    { label: 'wait p(95)', value: 9, unit: 'ms' },
  ]);
  assert.deepEqual(readPairLine("{ total: 1,200, percentiles: { '50': 32, '90': 80 } }")?.pairs, [
    { label: 'total', value: 1200 },
    { label: 'percentiles 50', value: 32 },
    { label: 'percentiles 90', value: 80 },
  ]);
  assert.deepEqual(readPairLine('All done. Total time: 4 minutes, 30 seconds')?.pairs, [], 'a sentence is no label');
});

test('dot leaders and a name over indented statistics: a run of its own, each value with its file:line', () => {
  const { runs } = parsed('dotted-summary.txt');
  assert.equal(runs.length, 1);
  const [run] = runs as [RunRecord];
  assert.deepEqual(run.metrics, { latency_min_s: 0.0031, latency_p50_s: 0.0417, latency_p95_s: 0.1882, latency_max_s: 0.9026 });
  assert.match(run.provenance['metrics.latency_p95_s'] ?? '', /dotted-summary\.txt:11, read by the general fallback/);
  assert.match(run.provenance.run ?? '', /general fallback/);
  assert.equal(run.source.format, 'key-value');
});

test('a pretty-printed dict in `#` comments under code: the comments are read, the code is not', () => {
  const { runs } = parsed('commented-dict.md');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, { output_tps: 54.21, ttft_mean_ms: 187, duration_s: 2.94, output_tokens: 151 });
  assert.deepEqual(runs[0]?.labels, ['Speed check of a small model']);
});

test('a sentence repeated with only its numbers changed: a run per line, the time as the request latency', () => {
  const { runs } = parsed('sentences.log');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.metrics.latency_mean_s]),
    [
      [4, 1.93],
      [5, 2.05],
      [6, 1.88],
      [7, 2.11],
    ],
  );
  assert.equal(runs[0]?.raw['Completed prompt # of # in # seconds'], '1.93 seconds');
});

test('a printed object with camelCase unit suffixes: settings to the client, measurements to metrics', () => {
  const { runs } = parsed('object-print.log');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.client, { total_requests: 1200 });
  assert.deepEqual(runs[0]?.metrics, { requests_failed_count: 3, duration_s: 60.2, latency_mean_s: 0.038, throughput_rps: 19.9 });
});

test('a custom trend beside a reader run joins it under its own names, never over what the reader set', () => {
  const { runs } = parsed('custom-beside-reader.txt');
  assert.equal(runs.length, 1);
  const run = runs[0] as RunRecord;
  assert.equal(run.source.format, 'k6');
  assert.equal(run.metrics.latency_mean_s, 0.0401, "the reader's value stays");
  assert.equal(run.metrics.queue_wait_avg_ms, 12.5);
  assert.equal(run.metrics.queue_wait_p95_ms, 30.9);
  assert.match(run.provenance['metrics.queue_wait_p95_ms'] ?? '', /custom-beside-reader\.txt:6/);
});

test('near-negatives give no run: a package list, an lscpu dump, a spec list, a training log', () => {
  for (const name of ['nn-pip-list.txt', 'nn-lscpu.txt', 'nn-spec.md', 'nn-trainlog.txt']) {
    const { runs, messages } = parsed(name);
    assert.equal(runs.length, 0, `${name}: ${JSON.stringify(runs[0]?.metrics)}`);
    assert.ok(
      messages.some((m) => /prose-skipped|metrics-unread/.test(m)),
      `${name} says why: ${messages.join('\n')}`,
    );
  }
});

test('a label that names a prototype property is a safe key', () => {
  const res = parseLog(['__proto__: 12 ms', 'Mean TTFT: 30 ms', 'Output throughput: 40 tok/s'].join('\n'), { file: 'p.log' });
  const run = res.records.find((r): r is RunRecord => r.kind === 'run');
  assert.ok(run);
  assert.equal(Object.getPrototypeOf(run.metrics), Object.prototype);
  assert.equal(run.metrics.proto_ms, 12);
});

test('streamed in small chunks, the fallback still makes its runs of their own', async () => {
  const file = path.join(DIR, 'sentences.log');
  const records: BenchRecord[] = [];
  const size = fs.statSync(file).size;
  await streamConsoleLog(file, size, { file: 'test/fixtures/residue/sentences.log', chunkBytes: 64, onRecord: (r) => records.push(r) });
  const whole = parsed('sentences.log').runs.map((r) => r.metrics);
  assert.deepEqual(
    records.filter((r): r is RunRecord => r.kind === 'run').map((r) => r.metrics),
    whole,
  );
});

test('aligned grids: pandas prints of one quantity each merge by row label; a pipe table without outer pipes', () => {
  const { runs } = parsed('grids.txt');
  assert.deepEqual(
    runs.map((r) => [r.title, r.metrics]),
    [
      ['L40S', { ttft_mean_ms: 41.25, output_tps: 88.1 }],
      ['A6000', { ttft_mean_ms: 55.8, output_tps: 61.4 }],
      ['laptop-a', { input_tps: 1210.5, output_tps: 33.2, peak_memory_gb: 9.8 }],
    ],
  );
});

test('log sentences with several value–unit pairs: every pair named, each line a run (repeated or one line with a rate and a time)', () => {
  const { runs } = parsed('log-sentences.md');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.metrics]),
    [
      [7, { latency_mean_s: 12.4, output_tps: 40.32, output_tokens: 500, input_tokens: 2100 }],
      [8, { latency_mean_s: 12.38, output_tps: 40.39, output_tokens: 500, input_tokens: 2100 }],
      [13, { latency_mean_s: 9.8, output_tps: 51.02, output_tokens: 500, input_tokens: 2100 }],
      [14, { latency_mean_s: 9.75, output_tps: 51.28, output_tokens: 500, input_tokens: 2100 }],
      [19, { latency_mean_s: 6.2, output_tps: 129.03, output_tokens: 800 }],
    ],
  );
  // The seed is no measurement: nowhere in the run.
  assert.ok(!JSON.stringify(runs[0]?.metrics).includes('4411'));
});

test('a sentence that names no side: `N tokens` are the generated ones only when N ÷ time is the printed rate', () => {
  const { runs } = parsed('log-sentence-neutral.log');
  assert.deepEqual(
    runs.map((r) => [r.metrics.output_tokens, r.metrics.output_tps, r.metrics.input_tokens]),
    [
      [310, 124, 96],
      [260, 123.8, 96],
      [undefined, 99, 96],
    ],
  );
});

test('sweep lines: one measurement per line is a run when a setting varies; the time keeps its label and printed value', () => {
  const { runs } = parsed('sweep-lines.txt');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.client?.input_len, r.metrics]),
    [
      [4, 16, { time: 2.41 }],
      [5, 64, { time: 2.95 }],
      [7, 16, { time: 0.52 }],
      [8, 64, { time: 0.61 }],
      [13, 16, { elapsed: 0.0041 }],
      [16, 64, { elapsed: 0.0066 }],
      [19, 256, { elapsed: 0.0123 }],
    ],
  );
  assert.equal(runs[4]?.title, 'token_len 16');
});

test('near-negatives of these shapes give no run: restated ~figures, a prose line, a lone setting line, passes of one setting', () => {
  for (const name of ['nn-log-sentences.md', 'nn-sweep-lines.txt']) {
    const { runs, messages } = parsed(name);
    assert.equal(runs.length, 0, `${name}: ${JSON.stringify(runs[0]?.metrics)}`);
    assert.ok(
      messages.some((m) => /metrics-unread/.test(m)),
      `${name} says why: ${messages.join('\n')}`,
    );
  }
});

test('several `label: number` pairs split by spaces or a joining word; a word after a number is no unit', () => {
  assert.deepEqual(readPairLine('seq_len:  32 time:  3.69 ')?.pairs, [
    { label: 'seq_len', value: 32 },
    { label: 'time', value: 3.69 },
  ]);
  assert.deepEqual(readPairLine('---- elapsed: 0.0041 for token_len: 16')?.pairs, [
    { label: 'elapsed', value: 0.0041 },
    { label: 'token_len', value: 16 },
  ]);
  assert.deepEqual(readPairLine('batch: 4 latency: 12 ms')?.pairs, [
    { label: 'batch', value: 4 },
    { label: 'latency', value: 12, unit: 'ms' },
  ]);
  // Prose with a colon in it is no list of pairs.
  assert.deepEqual(readPairLine('Note: the run at 4 users: slower than before')?.pairs, []);
});

test('step lines: a prefill line and its repeated decode lines are one pass, a run plus a per-step series', () => {
  const file = 'test/fixtures/residue/step-lines.log';
  const res = parseLog(fs.readFileSync(path.join(DIR, 'step-lines.log'), 'utf8'), { file });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.metrics]),
    [
      [5, { prefill_latency_ms: 4.21, input_tps: 243.11 }],
      [9, { prefill_latency_ms: 0.025, input_tps: 40960 }],
    ],
  );
  const tps = res.records.filter((r) => r.kind === 'sample' && r.series === 'decode_step_tps');
  assert.deepEqual(
    tps.map((s) => (s.kind === 'sample' ? [s.source.line, s.value, s.labels.step] : [])),
    [
      [6, 2.49, '1'],
      [7, 90.9, '2'],
      [8, 100, '3'],
      [10, 100, '1'],
      [11, 83.33, '2'],
    ],
  );
  // One decode line is no series: the pass is one run with both phases' figures, no samples.
  const single = parsed('step-lines-single.log');
  assert.equal(single.runs.length, 1);
  assert.equal(single.runs[0]?.metrics.input_tps, 243.11);
  assert.equal(single.runs[0]?.metrics.output_tps, 2.49);
});

test('sweep blocks: one measured figure beside a setting is a run when the same keys follow with another setting value', () => {
  const { runs } = parsed('sweep-blocks.txt');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.client?.input_len, r.metrics]),
    [
      [4, 16, { prefill_latency_ms: 5.7 }],
      [7, 32, { prefill_latency_ms: 5.9 }],
      [10, 64, { prefill_latency_ms: 6.4 }],
    ],
  );
  const nn = parsed('nn-sweep-blocks.txt');
  assert.equal(nn.runs.length, 0, JSON.stringify(nn.runs.map((r) => r.metrics)));
  assert.ok(nn.messages.some((m) => /metrics-unread/.test(m)));
});
