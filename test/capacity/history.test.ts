import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seededRandom } from '../../bench/seeded-random';
import { compareVersions, historyOf } from '../../src/analyze/history';
import { detectSteps, MIN_CHANGE, MIN_CONFIRMABLE_POINTS, noiseSigma } from '../../src/analyze/step-detection';
import type { RunRecord } from '../../src/model/records';

/** Gaussian noise from a seeded uniform source (Box–Muller). */
function gaussian(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function noisy(seed: number, levels: Array<[level: number, points: number]>, relNoise: number): number[] {
  const g = gaussian(seededRandom(seed));
  return levels.flatMap(([level, k]) => Array.from({ length: k }, () => level * (1 + relNoise * g())));
}

describe('step detection', () => {
  test('noise only: at most 1% of 1000 seeded series of 8–40 points flagged (2% noise)', () => {
    let flagged = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const n = 8 + (seed % 33);
      if (detectSteps(noisy(seed, [[100, n]], 0.02)).length) flagged++;
    }
    assert.ok(flagged <= 10, `${flagged} of 1000 noise-only series flagged`);
  });

  test('a real step is flagged where it is, with both levels', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const xs = noisy(
        seed,
        [
          [100, 8],
          [85, 8],
        ],
        0.015,
      );
      const steps = detectSteps(xs);
      assert.equal(steps.length, 1, `seed ${seed}: ${JSON.stringify(steps)}`);
      assert.equal(steps[0]!.at, 8);
      assert.ok(steps[0]!.confirmed);
      assert.ok(Math.abs(steps[0]!.before - 100) < 3 && Math.abs(steps[0]!.after - 85) < 3);
    }
  });

  test('a step 2 points from either end is placed exactly (the old rule moved it by a point)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const late = noisy(
        seed,
        [
          [100, 20],
          [85, 2],
        ],
        0.01,
      );
      const early = noisy(
        seed + 100,
        [
          [100, 2],
          [85, 38],
        ],
        0.01,
      );
      assert.deepEqual(
        detectSteps(late).map((s) => [s.at, s.confirmed]),
        [[20, false]],
        `seed ${seed}: the newest 2 points are unconfirmed`,
      );
      assert.deepEqual(
        detectSteps(early).map((s) => [s.at, s.confirmed]),
        [[2, true]],
        `seed ${seed}`,
      );
    }
  });

  test('one bad night in the middle is no step; a bad newest result is (1 point, unconfirmed)', () => {
    const xs = noisy(7, [[100, 12]], 0.01);
    const outlier = [...xs];
    outlier[5] = 70;
    assert.deepEqual(detectSteps(outlier), []);
    const newest = [...xs, 70];
    const steps = detectSteps(newest);
    assert.equal(steps.length, 1);
    assert.equal(steps[0]!.at, 12);
    assert.equal(steps[0]!.pointsAfter, 1);
    assert.equal(steps[0]!.confirmed, false);
  });

  test('below MIN_CHANGE nothing is a step, however clean; a series too short for the permutation test still places a clear step', () => {
    assert.equal(noiseSigma([5, 5, 5, 5]), 0);
    const small = 100 * (1 + MIN_CHANGE / 2);
    assert.equal(detectSteps([...Array(12).fill(100), ...Array(12).fill(small)]).length, 0);
    assert.deepEqual(
      detectSteps([...Array(12).fill(100), ...Array(12).fill(110)]).map((s) => s.at),
      [12],
    );
    // 4 + 4 points: no permutation test at p ≤ 0.005 can reach a split of 8 points; the newest-points test does.
    assert.ok(MIN_CONFIRMABLE_POINTS > 8);
    assert.deepEqual(
      detectSteps([100, 101, 99, 100, 80, 81, 79, 80]).map((s) => [s.at, s.confirmed]),
      [[4, true]],
    );
    assert.deepEqual(detectSteps([100, 101, 99, 100, 99, 101, 100, 99]), []);
  });

  test('a step two points from the end of a short series is placed at its first point, not where a test first passes', () => {
    // Five nightly versions, the 4th slower: blaming the 5th would send a bisect to the wrong release.
    for (const [xs, at] of [
      [[37.8, 37.9, 38.1, 33.4, 33.3], 3],
      [[293.1, 294.0, 292.8, 340.3, 341.0], 3],
      [[100, 101, 99, 100, 101, 100, 99, 80, 81], 7],
    ] as const) {
      assert.deepEqual(
        detectSteps(xs).map((s) => [s.at, s.confirmed]),
        [[at, false]],
        xs.join(', '),
      );
    }
  });
});

function night(i: number, date: string, version: string, metrics: Record<string, number>, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: `nightly/${date}.log:${i}`,
    source: { file: `nightly/${date}.log`, line: i, format: 'vllm-bench' },
    labels: [],
    timestamp: date,
    engine: 'vllm',
    model: 'Llama-3.1-8B-Instruct',
    client: { concurrency: 32 },
    server: { version, command: 'vllm serve /models/Llama-3.1-8B-Instruct' },
    metrics,
    raw: {},
    provenance: {},
    flags: [],
    ...extra,
  };
}

describe('history', () => {
  const nights = (throughput: (i: number) => number, latency: (i: number) => number, version: (i: number) => string) =>
    Array.from({ length: 14 }, (_, i) =>
      night(i + 1, `2025-03-${String(i + 1).padStart(2, '0')}`, version(i), {
        throughput_rps: throughput(i),
        latency_p99_s: latency(i),
      }),
    );

  test('a version that lowers throughput and raises latency: one regression at its first night, both metrics, throughput first', () => {
    const g = gaussian(seededRandom(3));
    const runs = nights(
      (i) => (i < 7 ? 20 : 17) * (1 + 0.01 * g()),
      (i) => (i < 7 ? 2 : 2.4) * (1 + 0.01 * g()),
      (i) => (i < 7 ? '0.8.4' : '0.8.5'),
    );
    const h = historyOf(runs);
    assert.equal(h.changes.length, 1, JSON.stringify(h.changes));
    const c = h.changes[0]!;
    assert.equal(c.kind, 'regression');
    assert.ok(c.confirmed);
    assert.deepEqual(c.at, { date: '2025-03-08', version: '0.8.5', file: 'nightly/2025-03-08.log' });
    assert.deepEqual(c.last_good, { date: '2025-03-07', version: '0.8.4', file: 'nightly/2025-03-07.log' });
    assert.deepEqual(
      c.metrics.map((m) => [m.metric, m.kind]),
      [
        ['throughput_rps', 'regression'],
        ['latency_p99_s', 'regression'],
      ],
    );
    assert.ok(c.metrics[0]!.delta_pct < -10);
    assert.ok(c.metrics[1]!.delta_pct > 15);
    const slo = historyOf(runs, { headline: 'latency_p99_s' });
    assert.deepEqual(
      slo.changes[0]!.metrics.map((m) => m.metric),
      ['latency_p99_s', 'throughput_rps'],
      "an SLO's metric leads",
    );
  });

  test('the other way is an improvement; noise only flags nothing', () => {
    const g = gaussian(seededRandom(4));
    const better = historyOf(
      nights(
        (i) => (i < 7 ? 17 : 20) * (1 + 0.01 * g()),
        () => 2,
        (i) => (i < 7 ? '0.8.4' : '0.9.0'),
      ),
    );
    assert.deepEqual(
      better.changes.map((c) => [c.metrics.map((m) => m.metric), c.kind]),
      [[['throughput_rps'], 'improvement']],
    );
    const calm = historyOf(
      nights(
        () => 20 * (1 + 0.02 * g()),
        () => 2 * (1 + 0.02 * g()),
        (i) => (i < 7 ? '0.8.4' : '0.8.5'),
      ),
    );
    assert.deepEqual(calm.changes, []);
    assert.equal(calm.series.length, 2);
    assert.equal(calm.series[0]!.points.length, 14);
  });

  test('versions order numerically; runs with neither date nor version are left out and listed', () => {
    assert.ok(compareVersions('0.9.2', '0.10.0') < 0);
    assert.ok(compareVersions('v0.6.3', '0.6.3.post1') < 0);
    const runs = [
      night(1, '', '0.10.0', { throughput_rps: 10 }),
      night(2, '', '0.9.2', { throughput_rps: 11 }),
      night(3, '', '0.9.0', { throughput_rps: 12 }),
      { ...night(4, '', '', { throughput_rps: 9 }), server: { command: 'vllm serve /models/Llama-3.1-8B-Instruct' } },
    ].map((r) => ({ ...r, timestamp: undefined }) as RunRecord);
    const h = historyOf(runs);
    assert.deepEqual(
      h.series[0]!.points.map((p) => p.version),
      ['0.9.0', '0.9.2', '0.10.0'],
    );
    assert.deepEqual(h.excluded, [{ run: runs[3]!.id, reason: 'no date or engine version' }]);
  });

  test('repeats of one night are combined by their median; a slow first run among them is a warm-up suspect, a slow night is not', () => {
    const runs = nights(
      (i) => (i === 10 ? 12 : 20),
      () => 2,
      () => '0.8.4',
    );
    const repeats = [night(21, '2025-03-01', '0.8.4', { throughput_rps: 21 }), night(22, '2025-03-01', '0.8.4', { throughput_rps: 22 })];
    // Same night, same file as its repeats, first in the file and slow: the warm-up rule's case.
    const warm = night(0, '2025-03-01', '0.8.4', { throughput_rps: 5 });
    const h = historyOf([...runs.map((r) => ({ ...r, source: { ...r.source, file: r.source.file } })), warm, ...repeats]);
    const series = h.series.find((s) => s.metric === 'throughput_rps')!;
    const first = series.points[0]!;
    assert.equal(first.n, 3, JSON.stringify(first));
    assert.equal(first.value, 21);
    assert.ok(h.excluded.some((e) => e.run === warm.id && e.reason === 'warm-up suspect'));
    assert.ok(
      series.points.some((p) => p.value === 12),
      'the slow night (one run) stays in the series',
    );
  });
});
