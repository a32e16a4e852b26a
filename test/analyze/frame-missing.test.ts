/**
 * Aggregates count only the runs that have the metric (issue 19: vLLM 2-GPU mean throughput
 * came out 1.85 instead of 14.81 because runs without the metric counted as 0).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as analyze from '../../src/analyze';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';
import { mkRun } from './helpers';

const METRIC = 'throughput_rps';

/** Runs over a few engines and GPU counts; `value` undefined means the run lacks the metric. */
const runArb = fc.record({
  engine: fc.constantFrom('vllm' as const, 'sglang' as const),
  gpus: fc.option(fc.constantFrom(1, 2, 4), { nil: undefined }),
  value: fc.option(fc.double({ min: 0.01, max: 1000, noNaN: true }), { nil: undefined }),
  other: fc.double({ min: 0, max: 5000, noNaN: true }),
});

type RunSpec = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

function toRuns(specs: RunSpec[], from: number): RunRecord[] {
  return specs.map((s, i) =>
    mkRun({
      line: from + i,
      engine: s.engine,
      gpus: s.gpus,
      metrics: { output_tps: s.other, ...(s.value === undefined ? {} : { [METRIC]: s.value }) },
    }),
  );
}

/** The aggregates of METRIC per group key (the other columns, n included, may change). */
function metricPart(rows: analyze.FlatRow[]): Map<string, Record<string, string | number>> {
  const out = new Map<string, Record<string, string | number>>();
  for (const r of rows) {
    const part: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(r)) if (k.startsWith(`${METRIC}_`)) part[k] = v;
    out.set(JSON.stringify([r.engine, r.gpus]), part);
  }
  return out;
}

describe('groupRuns counts only the runs that have a metric', () => {
  it('adding runs without the metric never changes its aggregates (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(runArb, { maxLength: 12 }), fc.array(runArb, { maxLength: 12 }), async (base, extra) => {
        const baseRuns = toRuns(base, 1);
        const without = toRuns(
          extra.map((e) => ({ ...e, value: undefined })),
          1000,
        );
        const opts = { metrics: [METRIC, 'output_tps'], stats: ['mean', 'min', 'max', 'std', 'median'] as analyze.GroupStat[] };
        const before = metricPart(await analyze.groupRuns(baseRuns, ['engine', 'gpus'], opts));
        const after = metricPart(await analyze.groupRuns([...baseRuns, ...without], ['engine', 'gpus'], opts));
        for (const [key, part] of before) assert.deepEqual(after.get(key), part, `group ${key}`);
        // Groups only the added runs created have n = 0 and no aggregate.
        for (const [key, part] of after) if (!before.has(key)) assert.deepEqual(part, { [`${METRIC}_n`]: 0 });
      }),
      { numRuns: 200 },
    );
  });

  it('the mean and n are those of the values present (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(runArb, { minLength: 1, maxLength: 15 }), async (specs) => {
        const rows = await analyze.groupRuns(toRuns(specs, 1), ['engine'], { metrics: [METRIC] });
        for (const row of rows) {
          const xs = specs.filter((s) => s.engine === row.engine && s.value !== undefined).map((s) => s.value!);
          assert.equal(row.n, specs.filter((s) => s.engine === row.engine).length);
          assert.equal(row[`${METRIC}_n`], xs.length);
          if (xs.length === 0) assert.equal(row[`${METRIC}_mean`], undefined);
          else assert.ok(Math.abs((row[`${METRIC}_mean`] as number) - analyze.mean(xs)) <= 1e-9 * Math.max(1, ...xs));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('data/: the vLLM 2-GPU mean throughput is 14.81 over its 6 runs, not 1.85 over 48', async () => {
    const { records } = await parsePaths([path.join(REPO_ROOT, 'data')]);
    const runs = records.filter((r): r is RunRecord => r.kind === 'run');
    const rows = await analyze.groupRuns(runs, ['engine', 'gpus'], { metrics: [METRIC] });
    const vllm2 = rows.find((r) => r.engine === 'vllm' && r.gpus === 2);
    assert.ok(vllm2, 'a vllm / 2 GPU group');
    assert.equal(vllm2.n, 48, 'runs in the group, most from the presets report, which has no throughput_rps');
    assert.equal(vllm2[`${METRIC}_n`], 6);
    assert.equal(Number((vllm2[`${METRIC}_mean`] as number).toFixed(2)), 14.81);
    // The 6 runs: vLLM --tensor-parallel-size 2 at concurrency 30, 50 and 100, two runs each.
    const six = runs.filter((r) => r.engine === 'vllm' && r.parallelism?.gpus === 2 && r.metrics[METRIC] !== undefined);
    assert.deepEqual(
      six.map((r) => [path.basename(r.source.file), r.client?.concurrency]),
      [30, 30, 50, 50, 100, 100].map((c) => ['a10-sglang-vllm-tp2-vs-tp4.md', c]),
    );
  });
});

describe('danfojs groupby on benchbook frames skips missing values', () => {
  it('mean, count, sum, min, max over the values present; none present is NaN (absent in rows)', async () => {
    const runs = [
      mkRun({ line: 1, engine: 'vllm', metrics: { [METRIC]: 1 } }),
      mkRun({ line: 2, engine: 'vllm', metrics: { output_tps: 5 } }),
      mkRun({ line: 3, engine: 'vllm', metrics: { [METRIC]: 3 } }),
      mkRun({ line: 4, engine: 'sglang', metrics: { output_tps: 7 } }),
    ];
    const frame = await analyze.runsToFrame(runs);
    const g = frame.groupby(['engine']).col([METRIC]);
    const rows = (f: Parameters<typeof analyze.frameToRows>[0]): analyze.FlatRow[] => analyze.frameToRows(f);
    assert.deepEqual(rows(g.mean()), [{ engine: 'vllm', [`${METRIC}_mean`]: 2 }, { engine: 'sglang' }]);
    assert.deepEqual(rows(g.count()), [
      { engine: 'vllm', [`${METRIC}_count`]: 2 },
      { engine: 'sglang', [`${METRIC}_count`]: 0 },
    ]);
    assert.deepEqual(rows(g.sum()), [
      { engine: 'vllm', [`${METRIC}_sum`]: 4 },
      { engine: 'sglang', [`${METRIC}_sum`]: 0 },
    ]);
    assert.deepEqual(rows(g.min())[0], { engine: 'vllm', [`${METRIC}_min`]: 1 });
    assert.deepEqual(rows(g.max())[0], { engine: 'vllm', [`${METRIC}_max`]: 3 });
  });
});
