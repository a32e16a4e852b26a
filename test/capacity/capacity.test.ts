import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { capacityOf } from '../../src/analyze/capacity';
import { parseSlo } from '../../src/analyze/slo';
import { parsePaths } from '../../src/ingest';
import { BenchbookError } from '../../src/model/diagnostics';
import type { RunRecord } from '../../src/model/records';

async function runsOf(file: string): Promise<RunRecord[]> {
  const res = await parsePaths([file]);
  return res.records.filter((r): r is RunRecord => r.kind === 'run');
}

/** A run of a sweep: one load level with the given metrics. */
function run(id: string, concurrency: number, metrics: Record<string, number>, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id,
    source: { file: 'sweep.log', line: Number(id.replace(/\D/g, '')) || 1, format: 'vllm-bench' },
    labels: [],
    engine: 'vllm',
    client: { concurrency },
    metrics,
    raw: {},
    provenance: {},
    flags: [],
    ...extra,
  };
}

describe('capacity on the a10 log (issue 23, done-criterion)', () => {
  test('latency_p99_s<=3: vLLM holds about 39 users on 2 GPUs and 45 on 4 (interpolated 30..50); SGLang is not reached', async () => {
    const runs = await runsOf('data/a10-sglang-vllm-tp2-vs-tp4.md');
    const cap = capacityOf(runs, [parseSlo('latency_p99_s<=3')]);
    const vllm = (gpus: number) => cap.groups.find((g) => g.group.engine === 'vllm' && g.group.gpus === gpus)!;
    for (const [gpus, about] of [
      [2, 39],
      [4, 45],
    ] as const) {
      const g = vllm(gpus);
      assert.equal(g.bound, 'interpolated');
      assert.equal(Math.round(g.max_concurrency!), about, `vLLM ${gpus} GPUs: ${g.max_concurrency}`);
      assert.ok(g.max_concurrency! > 30 && g.max_concurrency! < 50);
      assert.equal(g.limited_by, 'latency_p99_s<=3');
      assert.ok(g.goodput_rps! > 11 && g.goodput_rps! < 16, `goodput between the two levels' throughput: ${g.goodput_rps}`);
      assert.match(g.text, /interpolated between 30 and 50/);
    }
    const sglang = cap.groups.filter((g) => g.group.engine === 'sglang');
    assert.ok(sglang.some((g) => g.group.gpus === 2) && sglang.some((g) => g.group.gpus === 4));
    for (const g of sglang) {
      assert.equal(g.bound, 'not-reached', JSON.stringify(g.group));
      assert.equal(g.max_concurrency, 50);
      assert.equal(g.limited_by, null);
    }
    // The 4-GPU SGLang run at concurrency 5 (p99 14.6 s) is a warm-up suspect: left out, and said so.
    const left = cap.groups.flatMap((g) => g.excluded);
    assert.ok(left.some((e) => e.reason === 'warm-up suspect'));
  });
});

describe('capacity rules', () => {
  test('two setups limited by different targets (fixture)', async () => {
    const runs = await runsOf('test/fixtures/capacity/two-setups-sweep.md');
    const cap = capacityOf(runs, [parseSlo('ttft_p99_ms<=500'), parseSlo('latency_p99_s<=20')], { by: ['engine', 'gpus'] });
    const one = cap.groups.find((g) => g.group.gpus === 1)!;
    const two = cap.groups.find((g) => g.group.gpus === 2)!;
    assert.equal(one.limited_by, 'ttft_p99_ms<=500');
    assert.equal(two.limited_by, 'latency_p99_s<=20');
    // TTFT p99 380 ms at 16, 900 ms at 32 → 500 ms is crossed at 16 + 16 × 120/520.
    assert.ok(Math.abs(one.max_concurrency! - (16 + (16 * 120) / 520)) < 1e-9);
    // E2E p99 14 s at 32, 26 s at 64 → 20 s at 32 + 32 × 6/12 = 48.
    assert.ok(Math.abs(two.max_concurrency! - 48) < 1e-9);
    assert.deepEqual(
      one.levels.map((l) => l.value),
      [1, 4, 16, 32, 64],
    );
  });

  test('the sweep axis with more levels: one synchronous run and three request rates are a rate sweep', () => {
    const sync = run('r1', 1, { ttft_p99_ms: 40 });
    const rated = [2, 4, 8].map((rate, k) => {
      const r = run(`r${k + 2}`, 0, { ttft_p99_ms: [100, 300, 900][k]! });
      r.client = { request_rate: rate };
      return r;
    });
    const [g] = capacityOf([sync, ...rated], [parseSlo('ttft_p99_ms<=500')], { by: ['engine'] }).groups;
    assert.equal(g?.load, 'request_rate');
    assert.deepEqual(
      g?.levels.map((l) => l.value),
      [2, 4, 8],
    );
    assert.deepEqual(g?.excluded, [{ run: 'r1', reason: 'no request rate' }]);
    // 300 at 4, 900 at 8 → 500 is crossed at 4 + 4 × 200/600.
    assert.ok(Math.abs((g?.max_concurrency ?? 0) - (4 + (4 * 200) / 600)) < 1e-9);
  });

  test('never met, measured and not reached', () => {
    const t = [parseSlo('latency_p99_s<=2')];
    const never = capacityOf([run('a1', 8, { latency_p99_s: 3 }), run('a2', 16, { latency_p99_s: 4 })], t);
    assert.equal(never.groups[0]!.bound, 'never-met');
    assert.equal(never.groups[0]!.max_concurrency, null);
    assert.equal(never.groups[0]!.limited_by, 'latency_p99_s<=2');
    const reached = capacityOf([run('b1', 8, { latency_p99_s: 1 }), run('b2', 16, { latency_p99_s: 1.5 })], t);
    assert.equal(reached.groups[0]!.bound, 'not-reached');
    assert.equal(reached.groups[0]!.max_concurrency, 16);
    // Two targets fail at 16: the one crossed first limits.
    const two = [parseSlo('latency_p99_s<=2'), parseSlo('ttft_p99_ms<=100')];
    const both = capacityOf(
      [run('c1', 8, { latency_p99_s: 1, ttft_p99_ms: 50 }), run('c2', 16, { latency_p99_s: 3, ttft_p99_ms: 500 })],
      two,
    );
    assert.equal(both.groups[0]!.bound, 'interpolated');
    assert.equal(both.groups[0]!.limited_by, 'ttft_p99_ms<=100', 'TTFT crosses at 8.9, latency at 12');
    assert.ok(Math.abs(both.groups[0]!.max_concurrency! - (8 + (8 * 50) / 450)) < 1e-9);
    // A level in between that lacks a target metric cannot be judged: no interpolation across it.
    const gap = capacityOf(
      [run('d1', 8, { latency_p99_s: 1 }), run('d2', 12, { throughput_rps: 5 }), run('d3', 16, { latency_p99_s: 3 })],
      [parseSlo('latency_p99_s<=2')],
    );
    const g = gap.groups[0]!;
    assert.deepEqual(g.levels[1]!.missing, ['latency_p99_s<=2']);
    assert.equal(g.bound, 'measured');
    assert.equal(g.max_concurrency, 8);
    assert.match(g.text, /lacks latency_p99_s<=2/);
  });

  test('repeats combine by their median, with n; duplicates and warm-up suspects are left out', () => {
    const t = [parseSlo('latency_p99_s<=2')];
    const runs = [
      run('r1', 8, { latency_p99_s: 1, throughput_rps: 10 }),
      run('r2', 8, { latency_p99_s: 1.2, throughput_rps: 11 }),
      run('r3', 8, { latency_p99_s: 9, throughput_rps: 12 }),
      run('r4', 16, { latency_p99_s: 1.9, throughput_rps: 18 }, { flags: ['duplicate'] }),
      run('r5', 16, { latency_p99_s: 1.8, throughput_rps: 17 }, { flags: ['warmup-suspect'] }),
    ];
    const g = capacityOf(runs, t).groups[0]!;
    assert.equal(g.levels.length, 1, 'the 16 level only had runs that are left out');
    assert.equal(g.levels[0]!.n, 3);
    assert.equal(g.levels[0]!.metrics.latency_p99_s, 1.2);
    assert.deepEqual(g.excluded.map((e) => e.reason).sort(), ['duplicate', 'warm-up suspect']);
  });

  test('property: the capacity lies between the last meeting and the first failing level, where the limit is crossed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 2, maxLength: 8 }),
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        (steps, target) => {
          // Latency rising with load: a cumulative sum of positive steps.
          let acc = 0;
          const runs = steps.map((s, i) => run(`p${i + 1}`, (i + 1) * 10, { latency_p99_s: (acc += s) }));
          const g = capacityOf(runs, [parseSlo(`latency_p99_s<=${target}`)]).groups[0]!;
          const values = runs.map((r) => r.metrics.latency_p99_s!);
          const firstFail = values.findIndex((v) => v > target);
          if (firstFail < 0) return g.bound === 'not-reached' && g.max_concurrency === runs.length * 10;
          if (firstFail === 0) return g.bound === 'never-met' && g.max_concurrency === null;
          const lo = firstFail * 10;
          const hi = (firstFail + 1) * 10;
          const x = g.max_concurrency!;
          const y0 = values[firstFail - 1]!;
          const y1 = values[firstFail]!;
          const atX = y0 + ((y1 - y0) * (x - lo)) / (hi - lo);
          return g.bound === 'interpolated' && x >= lo && x <= hi && Math.abs(atX - target) < 1e-6;
        },
      ),
    );
  });
});

describe('--slo expressions', () => {
  test('reads METRIC op VALUE and refuses unknown metrics with the closest name', () => {
    assert.deepEqual(parseSlo('latency_p99_s<=3'), { metric: 'latency_p99_s', op: '<=', value: 3, text: 'latency_p99_s<=3' });
    assert.equal(parseSlo(' ttft_p99_ms < 500 ').op, '<');
    assert.equal(parseSlo('output_tps>=100').op, '>=');
    assert.throws(
      () => parseSlo('ttft_p99<=500'),
      (e: Error) => e instanceof BenchbookError && e.code === 'usage' && /did you mean "ttft_p99_ms"/.test(e.message),
    );
    assert.throws(() => parseSlo('latency_p99_s'), /write METRIC<=VALUE/);
    assert.equal(parseSlo('accept_length>=2', ['accept_length']).metric, 'accept_length', 'metrics the inputs hold are accepted');
  });
});
