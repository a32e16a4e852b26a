/**
 * `vllm bench serve` result blocks split into titled `=` sections (vllm-omni: `Text Result`,
 * `Audio Result`, `Stage Benchmark Result` with a banner per stage): one block is one run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { vllmBenchReader } from '../../src/ingest/formats/serving-bench/serving-bench';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines } from './helpers';

const RUNS = Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 200);
const FIXTURE = 'vllm-omni-sections.txt';

test('vllm-omni sectioned block: one run, vocabulary keys, audio and stage figures as slugs', () => {
  const scans = scanBlocks(fixtureLines(FIXTURE), FIXTURE);
  assertGolden(`blocks/${FIXTURE}.json`, scans);
  const runs = scans.flatMap((s) => s.result.runs);
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.format, 'vllm-bench');
  assert.equal(r.engine, 'vllm');
  assert.equal(r.startLine, 8);
  assert.deepEqual(r.client, { request_rate: 2 });
  assert.deepEqual(r.flags, []);
  assert.deepEqual(
    scans.flatMap((s) => s.result.diagnostics),
    [],
  );
  const want: Record<string, number> = {
    requests_ok_count: 4,
    requests_failed_count: 0,
    duration_s: 9.24,
    throughput_rps: 0.43,
    peak_in_flight_count: 3,
    input_tokens: 412,
    output_tokens: 1536,
    output_tps: 166.23,
    peak_output_tps: 88,
    total_tps: 210.82,
    ttft_mean_ms: 214.4,
    ttft_p50_ms: 209.75,
    ttft_p99_ms: 301.66,
    tpot_mean_ms: 23.81,
    tpot_p99_ms: 27.04,
    itl_mean_ms: 23.77,
    itl_p99_ms: 41.38,
    latency_mean_s: 6.1205,
    latency_p99_s: 8.84107,
    // No vocabulary key: slugs with the unit the label prints.
    total_audio_duration_generated_s: 31.46,
    total_audio_frames_generated: 755040,
    audio_throughput_audio_duration_s: 3.4,
    streaming_continuity_ok_rate_pct: 100,
    mean_audio_ttfp_ms: 1893.27,
    p99_audio_ttfp_ms: 2512.64,
    mean_audio_rtf: 0.21,
    // A stage's figures are the stage's, never the run's TTFT.
    stage_0_thinker_mean_ttft_ms: 180.12,
    stage_0_thinker_stage_generated_tokens: 1536,
    stage_1_talker_stage_audio_frames_generated: 755040,
  };
  for (const [k, v] of Object.entries(want)) assert.equal(r.metrics[k], v, `metrics.${k}`);
  assert.equal(r.raw['Peak concurrent requests'], '3.00');
  assert.equal(r.raw['Request rate configured (RPS)'], '2.00');
});

test('vllm-omni sectioned block through parseLog: one run, no truncation, nothing left over', () => {
  const res = parseLog(fixtureLines(FIXTURE).join('\n'), { file: FIXTURE });
  const runs = res.records.filter((x): x is RunRecord => x.kind === 'run');
  assert.equal(runs.length, 1);
  assert.equal(runs[0]?.engine, 'vllm');
  assert.equal(runs[0]?.metrics.peak_in_flight_count, 3);
  assert.equal(runs[0]?.metrics.requests_ok_count, 4);
  const codes = res.diagnostics.map((d) => d.code);
  assert.ok(!codes.includes('table-truncated'), codes.join(','));
  assert.ok(!codes.includes('metrics-unread'), codes.join(','));
});

/** A classic block of our own, no sections: the reference the property compares with. */
const CLASSIC = [
  '============ Serving Benchmark Result ============',
  'Successful requests:                     64',
  'Failed requests:                         1',
  'Maximum request concurrency:             16',
  'Request rate configured (RPS):           4.00',
  'Benchmark duration (s):                  21.70',
  'Total input tokens:                      65536',
  'Total generated tokens:                  8192',
  'Request throughput (req/s):              2.95',
  'Request goodput (req/s):                 2.71',
  'Output token throughput (tok/s):         377.51',
  'Peak output token throughput (tok/s):    512.00',
  'Peak concurrent requests:                17.00',
  'Total Token throughput (tok/s):          3397.62',
  '---------------Time to First Token----------------',
  'Mean TTFT (ms):                          402.19',
  'Median TTFT (ms):                        388.05',
  'P99 TTFT (ms):                           977.30',
  '-----Time per Output Token (excl. 1st token)------',
  'Mean TPOT (ms):                          35.02',
  'P99 TPOT (ms):                           48.66',
  '---------------Inter-token Latency----------------',
  'Mean ITL (ms):                           34.87',
  'P99 ITL (ms):                            120.45',
  '----------------End-to-end Latency----------------',
  'Mean E2EL (ms):                          4843.00',
  'P99 E2EL (ms):                           6612.50',
  '==================================================',
];

function banner(title: string): string {
  const side = Math.max(3, Math.floor((48 - title.length) / 2));
  return `${'='.repeat(side)} ${title} ${'='.repeat(side)}`;
}

const reference = vllmBenchReader.read(CLASSIC, 0, 'classic.log');

test('the classic block reference reads as one closed run', () => {
  assert.equal(reference.runs.length, 1);
  assert.equal(reference.next, CLASSIC.length);
  assert.deepEqual(reference.diagnostics, []);
  assert.deepEqual(reference.runs[0]?.client, { concurrency: 16, request_rate: 4 });
  assert.equal(reference.runs[0]?.metrics.goodput_rps, 2.71);
  assert.deepEqual(reference.runs[0]?.flags, ['failed-requests']);
});

test('property: titled = banners between the lines of a classic block change nothing of the run', () => {
  const title = fc.oneof(
    fc.constantFrom('Text Result', 'Audio Result', 'Image Result', 'Video Result', 'Stats', 'Internal Stream Result', 'Custom (x2)'),
    fc
      .array(fc.constantFrom('Text', 'Result', 'Metrics', 'Latency', 'run', '1', '(GPU 0)', 'v2'), { minLength: 1, maxLength: 4 })
      .map((ws) => ws.join(' ')),
  );
  // Positions between the title and the end rule (1 … length-1: before line p).
  const insertion = fc.tuple(fc.integer({ min: 1, max: CLASSIC.length - 1 }), title, fc.boolean());
  fc.assert(
    fc.property(fc.array(insertion, { minLength: 1, maxLength: 4 }), (inserts) => {
      const lines = [...CLASSIC];
      // From the last position back, so earlier positions still point at the same line.
      for (const [p, t, blank] of [...inserts].sort((a, b) => b[0] - a[0])) lines.splice(p, 0, ...(blank ? ['', banner(t)] : [banner(t)]));
      const r = vllmBenchReader.read(lines, 0, 'sectioned.log');
      assert.equal(r.runs.length, 1);
      assert.equal(r.next, lines.length);
      assert.deepEqual(r.diagnostics, []);
      assert.deepEqual(r.runs[0]?.metrics, reference.runs[0]?.metrics);
      assert.deepEqual(r.runs[0]?.client, reference.runs[0]?.client);
      assert.deepEqual(r.runs[0]?.flags, reference.runs[0]?.flags);
    }),
    { numRuns: RUNS },
  );
});

test('two consecutive sectioned blocks are two runs', () => {
  const lines = fixtureLines(FIXTURE);
  const block = lines.slice(8, lines.indexOf('==================================================', 8) + 1);
  const second = block.map((l) => l.replace(/^(Successful requests:\s+)4\b/, '$18'));
  for (const between of [[], [''], ['', 'some prose between the runs', '']]) {
    const scans = scanBlocks([...block, ...between, ...second], 'two.log');
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 2, `between: ${JSON.stringify(between)}`);
    assert.deepEqual(
      runs.map((r) => r.metrics.requests_ok_count),
      [4, 8],
    );
    assert.equal(runs[1]?.startLine, block.length + between.length);
    assert.equal(runs[0]?.metrics.mean_audio_ttfp_ms, 1893.27);
    assert.equal(runs[1]?.metrics.mean_audio_ttfp_ms, 1893.27);
    assert.deepEqual(
      scans.flatMap((s) => s.result.diagnostics),
      [],
    );
  }
});

test('a new result title inside a sectioned block starts a new run; the cut one says so', () => {
  const lines = [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     3',
    '================== Text Result ===================',
    'Total generated tokens:                  300',
    '============ Serving Benchmark Result ============',
    'Successful requests:                     5',
    '================== Text Result ===================',
    'Total generated tokens:                  500',
    '==================================================',
  ];
  const scans = scanBlocks(lines, 'cut.log');
  const runs = scans.flatMap((s) => s.result.runs);
  assert.deepEqual(
    runs.map((r) => [r.startLine, r.metrics.requests_ok_count, r.metrics.output_tokens]),
    [
      [0, 3, 300],
      [4, 5, 500],
    ],
  );
  assert.deepEqual(runs[0]?.flags, ['truncated']);
  const d = scans.flatMap((s) => s.result.diagnostics);
  assert.deepEqual(
    d.map((x) => [x.code, x.line]),
    [['table-truncated', 4]],
  );
});

test('a titled banner that no block line follows is not the block: truncated as before', () => {
  const lines = [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     3',
    'Request throughput (req/s):              1.50',
    '================ Something else ==================',
    'prose about something else',
  ];
  const r = vllmBenchReader.read(lines, 0, 'other.log');
  assert.deepEqual(r.runs[0]?.metrics, { requests_ok_count: 3, throughput_rps: 1.5 });
  assert.deepEqual(r.runs[0]?.flags, ['truncated']);
  assert.equal(r.diagnostics[0]?.code, 'table-truncated');
  assert.equal(r.next, 3);
});

test('a label printed again: same value is one metric; another value keeps the first and warns', () => {
  const lines = [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     2',
    'Peak concurrent requests:                2.00',
    '================== Text Result ===================',
    'Peak concurrent requests:                2',
    'Total generated tokens:                  10',
    '================== Audio Result ==================',
    'Peak concurrent requests:                1.00',
    '==================================================',
  ];
  const r = vllmBenchReader.read(lines, 0, 'dup.log');
  const run = r.runs[0]!;
  assert.equal(run.metrics.peak_in_flight_count, 2);
  assert.equal(run.metrics.audio_result_peak_concurrent_requests, 1, 'the other value is kept, under its section');
  assert.equal(Object.hasOwn(run.metrics, 'text_result_peak_concurrent_requests'), false, 'the same value is one metric');
  assert.equal(run.raw['Peak concurrent requests'], '2.00');
  assert.equal(run.raw['Audio Result Peak concurrent requests'], '1.00');
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0]?.code, 'conflicting-context');
  assert.equal(r.diagnostics[0]?.severity, 'warning');
  assert.equal(r.diagnostics[0]?.file, 'dup.log');
  assert.equal(r.diagnostics[0]?.line, 8);
  assert.match(r.diagnostics[0]?.message ?? '', /at line 3/);
});
