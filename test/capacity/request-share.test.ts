/**
 * The share of requests within the targets (issue 23, goodput part): per level from the
 * per-request samples of JSON exports, and at the capacity. The expected numbers are worked
 * out by hand from test/fixtures/capacity/requests-hand.synthetic.jsonl.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { capacityOf } from '../../src/analyze/capacity';
import { formatCapacityCsv, formatCapacityTable } from '../../src/analyze/format-capacity';
import { requestSeriesOf } from '../../src/analyze/request-share';
import { parseSlo } from '../../src/analyze/slo';
import { parsePaths } from '../../src/ingest';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

async function read(paths: string[]) {
  const res = await parsePaths(paths);
  return {
    runs: res.records.filter((r): r is RunRecord => r.kind === 'run'),
    samples: res.records.filter((r): r is SampleRecord => r.kind === 'sample'),
  };
}

const HAND = 'test/fixtures/capacity/requests-hand.synthetic.jsonl';
const SWEEP = 'test/fixtures/capacity/requests-sweep';
const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-9;

test('per-request counterparts: any statistic of TTFT, TPOT, ITL, latency; none for std or whole-run metrics', () => {
  assert.equal(requestSeriesOf('ttft_p99_ms'), 'request_ttft_ms');
  assert.equal(requestSeriesOf('ttft_mean_ms'), 'request_ttft_ms');
  assert.equal(requestSeriesOf('latency_p99_9_s'), 'request_latency_s');
  assert.equal(requestSeriesOf('tpot_p50_ms'), 'request_tpot_ms');
  assert.equal(requestSeriesOf('itl_max_ms'), 'request_itl_ms');
  assert.equal(requestSeriesOf('ttft_std_ms'), undefined);
  assert.equal(requestSeriesOf('latency_p99_ms'), undefined, 'not a vocabulary key: latency is in seconds');
  assert.equal(requestSeriesOf('throughput_rps'), undefined);
  assert.equal(requestSeriesOf('goodput_rps'), undefined);
});

describe('the hand-worked fixture: ttft_p99_ms<=500, latency_mean_s<=3', () => {
  const targets = [parseSlo('ttft_p99_ms<=500'), parseSlo('latency_mean_s<=3')];

  test('per level: the share of requests meeting every target on their own values; a failed one counts against', async () => {
    const { runs, samples } = await read([HAND]);
    const cap = capacityOf(runs, targets, { samples });
    const [g] = cap.groups;
    assert.ok(g);
    const [c1, c2, c4] = g.levels;
    // c1: TTFT 100–130 ms, latency 1.0–1.3 s: all 4 meet both.
    assert.equal(c1?.request_share, 1);
    assert.equal(c1?.request_count, 4);
    assert.equal(c1?.request_goodput_rps, 2);
    // c2: (200 ms, 1.5 s) ✓, (300, 2.0) ✓, (450, 4.5) ✗ latency > 3 s although the run's mean
    // (2.625 s) meets it, (350, 2.5) ✓, and a failed request ✗: 3 of 5.
    assert.equal(c2?.request_share, 3 / 5);
    assert.equal(c2?.request_count, 5, 'the failed request is counted');
    // Good requests per second: throughput (3.2, completed requests only) × 3 of the 4 completed.
    assert.ok(near(c2?.request_goodput_rps, (3.2 * 3) / 4));
    // c4: (600, 2.5) ✗, (700, 3.5) ✗, (300, 2.0) ✓, (800, 4.0) ✗: 1 of 4.
    assert.equal(c4?.request_share, 1 / 4);
    assert.ok(near(c4?.request_goodput_rps, 4 * (1 / 4)));
    for (const l of g.levels) assert.equal(l.request_note, undefined);
    assert.deepEqual(cap.request_basis?.targets, ['ttft_p99_ms<=500', 'latency_mean_s<=3']);
    assert.deepEqual(cap.request_basis?.not_covered, []);
  });

  test('at the capacity: interpolated between the levels like goodput', async () => {
    const { runs, samples } = await read([HAND]);
    const g = capacityOf(runs, targets, { samples }).groups[0]!;
    // Run-level TTFT p99: 447 ms at 2, 797 ms at 4 → 500 ms is crossed at 2 + 2 × 53/350.
    const x = 2 + (2 * 53) / 350;
    assert.equal(g.bound, 'interpolated');
    assert.ok(near(g.max_concurrency!, x));
    const f = (x - 2) / 2;
    assert.ok(near(g.request_share, 0.6 + (0.25 - 0.6) * f));
    assert.ok(near(g.request_goodput_rps, 2.4 + (1 - 2.4) * f));
    assert.match(g.text, /54\.7% of requests within the targets there, 2\.19 good req\/s/);
  });

  test('measured and not-reached answers take the level’s own share', async () => {
    const { runs, samples } = await read([HAND]);
    const notReached = capacityOf(runs, [parseSlo('ttft_p99_ms<=900')], { samples }).groups[0]!;
    assert.equal(notReached.bound, 'not-reached');
    // At 4: TTFTs 600, 700, 300, 800 ms all ≤ 900.
    assert.equal(notReached.request_share, 1);
    const never = capacityOf(runs, [parseSlo('ttft_p99_ms<=50')], { samples }).groups[0]!;
    assert.equal(never.bound, 'never-met');
    assert.equal(never.request_share, undefined, 'no capacity: no share at it');
    assert.equal(never.levels[0]!.request_share, 0, 'the levels still have theirs');
  });

  test('a target without a per-request counterpart is not part of the share, and said so', async () => {
    const { runs, samples } = await read([HAND]);
    const only = capacityOf(runs, [parseSlo('throughput_rps>=1')], { samples });
    assert.deepEqual(only.request_basis?.targets, []);
    assert.deepEqual(only.request_basis?.not_covered, ['throughput_rps>=1']);
    for (const l of only.groups[0]!.levels) assert.equal(l.request_share, undefined);
    assert.equal(only.groups[0]!.request_share, undefined);
    assert.match(formatCapacityTable(only), /request share: not computed: no target has a per-request counterpart \(throughput_rps>=1\)/);
    assert.doesNotMatch(formatCapacityCsv(only), /request_share/);
    const mixed = capacityOf(runs, [parseSlo('ttft_p99_ms<=500'), parseSlo('throughput_rps>=1')], { samples });
    assert.deepEqual(mixed.request_basis?.not_covered, ['throughput_rps>=1']);
    // c2 judged on TTFT only: 200, 300, 450, 350 ms meet it; the failed one does not: 4 of 5.
    assert.equal(mixed.groups[0]!.levels[1]!.request_share, 4 / 5);
    assert.match(formatCapacityTable(mixed), /not covered: throughput_rps>=1 \(no per-request counterpart\)/);
  });
});

describe('limits of the per-request data', () => {
  test('without samples nothing changes: no request fields, no basis', async () => {
    const { runs } = await read([HAND]);
    const cap = capacityOf(runs, [parseSlo('ttft_p99_ms<=500')]);
    assert.equal(cap.request_basis, undefined);
    assert.doesNotMatch(JSON.stringify(cap), /request_/);
  });

  test('a level with a run lacking per-request results: the share is over the others, noted', async () => {
    const { runs, samples } = await read([HAND]);
    const c2 = runs.find((r) => r.client?.concurrency === 2)!;
    const summaryOnly: RunRecord = { ...c2, id: 'summary.json:1', source: { ...c2.source, file: 'summary.json' } };
    const level = capacityOf([...runs, summaryOnly], [parseSlo('ttft_p99_ms<=500')], { samples }).groups[0]!.levels[1]!;
    assert.equal(level.n, 2);
    assert.equal(level.request_count, 5);
    assert.match(level.request_note ?? '', /over 1 of 2 runs/);
  });

  test('a target no request has a value for (TPOT without token counts): no share, and why', async () => {
    const { runs, samples } = await read(['test/fixtures/exports/genai-perf-profile-export-requests.synthetic.json']);
    const level = capacityOf(runs, [parseSlo('tpot_p99_ms<=30')], { samples }).groups[0]!.levels[0]!;
    assert.equal(level.request_share, undefined);
    assert.match(level.request_note ?? '', /20 request\(s\) without request_tpot_ms left out; no request can be judged/);
  });
});

test('the vLLM sweep: table and CSV show the share per level and at the capacity (golden)', async () => {
  const { runs, samples } = await read([SWEEP]);
  const cap = capacityOf(runs, [parseSlo('ttft_p99_ms<=500')], { samples });
  const g = cap.groups[0]!;
  assert.equal(g.bound, 'interpolated');
  assert.deepEqual(
    g.levels.map((l) => l.request_count),
    [30, 30, 30, 30],
  );
  // The share falls with the load, and the failed request at 8 is one of the misses.
  const shares = g.levels.map((l) => l.request_share!);
  for (let k = 1; k < shares.length; k++) assert.ok(shares[k]! <= shares[k - 1]!, `${shares}`);
  assert.ok(shares[2]! < 1);
  const table = formatCapacityTable(cap);
  assert.match(table, /request_share\s+request_goodput_rps/);
  const csv = formatCapacityCsv(cap);
  assert.match(csv.split('\n')[0]!, /,levels,request_share,request_goodput_rps,repeats,ci95_low,ci95_high,ci_method$/);
  assertGolden('capacity/requests-sweep.txt', `${table}\n${csv}`);
});
