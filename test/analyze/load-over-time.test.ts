/**
 * Load over time: replicas, the steady-state window by its stated rule, and the figures over
 * it, on the 4-replica load the sample report describes (~950 running in total, 225–240 per
 * replica, KV cache at 50–60 %), Locust history, Prometheus scrapes, vLLM stat lines, and
 * series with no steady state (said, not invented).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  DEFAULT_STEADY_RULE,
  type LoadOverTime,
  loadOverTime,
  rollingMean,
  steadyWindow,
  type WindowFigures,
} from '../../src/analyze/load-over-time';
import { parsePaths } from '../../src/ingest';
import type { SampleRecord } from '../../src/model/records';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { assertGolden, otherToolsDir, REPO_ROOT } from '../helpers/golden';

function sample(
  file: string,
  line: number,
  t: string | number,
  series: string,
  value: number,
  labels: Record<string, string> = {},
): SampleRecord {
  return {
    kind: 'sample',
    schema_version: 1,
    id: `${file}:${line}:${series}`,
    source: { file, line, format: 'prometheus' },
    t,
    series,
    labels,
    value,
  };
}

/** Running requests of one server: `shape(i)` at 10 s steps. */
function series(file: string, n: number, shape: (i: number) => number, extra: Record<string, string> = {}, t0 = 0): SampleRecord[] {
  return Array.from({ length: n }, (_, i) => sample(file, i + 1, t0 + i * 10, 'num_requests_running', shape(i), extra));
}

function figuresOf(
  load: LoadOverTime,
  name: string,
): { total?: WindowFigures; replicas: Array<{ replica: string; figures: WindowFigures }> } {
  const s = load.series.find((x) => x.series === name);
  assert.ok(s, `series ${name}`);
  return s;
}

async function samplesOf(file: string): Promise<SampleRecord[]> {
  const parsed = await parsePaths([file]);
  return parsed.records.filter((r): r is SampleRecord => r.kind === 'sample');
}

describe('loadOverTime', () => {
  it('4 replicas: the steady state after the ramp, ~950 running in all, 225–245 per replica, KV cache 50–60 %', () => {
    const [load, ...more] = loadOverTime(replicaSamples());
    assert.ok(load);
    assert.equal(more.length, 0);
    assert.equal(load.replicaKey, 'replica');
    assert.deepEqual(load.replicas, ['replica-1', 'replica-2', 'replica-3', 'replica-4']);
    assert.equal(load.step, 15);
    assert.equal(load.loadSeries, 'num_requests_running');
    // The fixture ramps over its first 8 scrapes (120 s) and holds to the end (585 s).
    assert.ok(load.steady, load.noSteady);
    assert.equal(load.steady.start, 120);
    assert.equal(load.steady.end, 585);
    assert.deepEqual([load.steady.steps, load.steady.of], [32, 40]);
    const running = figuresOf(load, 'num_requests_running');
    assert.ok(running.total);
    assert.ok(running.total.mean > 900 && running.total.mean < 980, `total ${running.total.mean}`);
    assert.equal(running.total.n, 32);
    for (const r of running.replicas) assert.ok(r.figures.mean >= 225 && r.figures.mean <= 245, `${r.replica}: ${r.figures.mean}`);
    const kv = figuresOf(load, 'gpu_kv_cache_usage_pct');
    for (const r of kv.replicas) assert.ok(r.figures.min >= 50 && r.figures.max <= 60, `${r.replica}: ${r.figures.min}..${r.figures.max}`);
    // Percentages average across replicas, counts add up.
    assert.equal(load.series.find((s) => s.series === 'gpu_kv_cache_usage_pct')?.combine, 'mean');
    assert.equal(load.series.find((s) => s.series === 'output_tps')?.combine, 'sum');
    assertGolden('charts-load/load-over-time-replicas.json', load);
  });

  it('a load that only ramps has no steady state, and says why instead of inventing one', () => {
    const [load] = loadOverTime(series('ramp.prom', 40, (i) => i * 25));
    assert.ok(load);
    assert.equal(load.steady, undefined);
    assert.match(load.noSteady ?? '', /never stayed within ±10 % of its level for 10 of the 40 time steps/);
    // The figures then cover every step.
    assert.equal(figuresOf(load, 'num_requests_running').replicas[0]?.figures.n, 40);
  });

  it('the ramp-up and the drain are left out of the window and the figures', () => {
    const shape = (i: number): number => (i < 10 ? i * 20 : i < 40 ? 200 + (i % 3) : Math.max(0, 200 - (i - 39) * 50));
    const [load] = loadOverTime(series('drain.prom', 46, shape));
    assert.ok(load?.steady);
    assert.deepEqual([load.steady.start, load.steady.end], [100, 390]);
    const f = figuresOf(load, 'num_requests_running').replicas[0]?.figures;
    assert.deepEqual([f?.min, f?.max], [200, 202]);
  });

  it('replicas scraped a few seconds apart share steps, so every step has a total', () => {
    const samples = [0, 1, 2].flatMap((r) => series('r.prom', 20, () => 100 + r, { instance: `10.0.0.${r}:8000` }, r * 2));
    const [load] = loadOverTime(samples);
    assert.ok(load?.steady);
    assert.equal(load.step, 10);
    assert.equal(figuresOf(load, 'num_requests_running').total?.mean, 303);
  });

  it('replicas logged to separate files are named by file; files at other times are other tests', () => {
    const a = series('logs/replica-a.log', 12, () => 10);
    const b = series('logs/replica-b.log', 12, () => 20, {}, 3);
    const later = series('logs/next-day.log', 12, () => 5, {}, 86_400);
    const tests = loadOverTime([...later, ...a, ...b]);
    assert.equal(tests.length, 2);
    assert.equal(tests[0]?.replicaKey, 'file');
    assert.deepEqual(tests[0]?.replicas, ['logs/replica-a.log', 'logs/replica-b.log']);
    assert.equal(figuresOf(tests[0] as LoadOverTime, 'num_requests_running').total?.mean, 30);
    assert.deepEqual(tests[1]?.files, ['logs/next-day.log']);
    assert.equal(tests[1]?.replicaKey, undefined);
  });

  it('Locust history: users ramp to 100 and hold; the window is the hold, throughput and latency over it', async () => {
    const samples = await samplesOf(path.join(REPO_ROOT, 'test/fixtures/charts/locust-load_stats_history.synthetic.csv'));
    const [load] = loadOverTime(samples);
    assert.ok(load?.steady, load?.noSteady);
    assert.equal(load.loadSeries, 'users');
    // 90 users (t = 9 s) is within ±10 % of the 100-user level, so the window starts there.
    assert.deepEqual([load.steady.start, load.steady.end], [9, 55]);
    const users = figuresOf(load, 'users').replicas[0]?.figures;
    assert.deepEqual([users?.min, users?.max], [90, 100]);
    const rps = figuresOf(load, 'throughput_rps').replicas[0]?.figures;
    assert.ok(rps && rps.mean > 2 && rps.mean < 2.2, `${rps?.mean}`);
    assert.ok(figuresOf(load, 'latency_p95_s').replicas[0]?.figures.p95 !== undefined);
    // Cumulative since-the-start columns are not load figures.
    assert.equal(
      load.series.some((s) => s.series.startsWith('total_')),
      false,
    );
  });

  it('three Prometheus scrapes are too few to tell a steady state: said so, figures over all three', async () => {
    const samples = await samplesOf(path.join(REPO_ROOT, 'test/fixtures/blocks/prometheus-multi-scrape.synthetic.txt'));
    const [load] = loadOverTime(samples);
    assert.ok(load);
    assert.match(load.noSteady ?? '', /too few time steps \(3; at least 4\)/);
    assert.deepEqual(figuresOf(load, 'num_requests_running').replicas[0]?.figures, { n: 3, mean: 13 / 3, min: 1, max: 8, p50: 4 });
    assert.equal(
      load.series.some((s) => /_bucket$|_total$/.test(s.series)),
      false,
      'raw counters and buckets are not figures',
    );
  });

  const tools = otherToolsDir();
  it('real vLLM stat lines (other-tools/vllm_log_2.txt): steady at 18–19 running over all six lines', {
    skip: tools ? false : 'other-tools samples absent',
  }, async () => {
    const samples = await samplesOf(path.join(tools as string, 'vllm_log_2.txt'));
    const [load] = loadOverTime(samples);
    assert.ok(load?.steady, load?.noSteady);
    assert.equal(load.step, 5);
    assert.deepEqual([load.steady.steps, load.steady.of], [6, 6]);
    const f = figuresOf(load, 'num_requests_running').replicas[0]?.figures;
    assert.deepEqual([f?.min, f?.max], [18, 19]);
  });

  it('samples with unreadable times are counted, not drawn', () => {
    const [load] = loadOverTime([...series('x.prom', 6, () => 1), sample('x.prom', 99, 'yesterday', 'num_requests_running', 5)]);
    assert.equal(load?.skipped, 1);
    assert.deepEqual(loadOverTime([sample('y.prom', 1, 5, 'num_requests_running', 1)]), [], 'one time is no series');
  });
});

describe('steadyWindow', () => {
  const values = fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 0, maxLength: 120 });
  it('a window, when found, is long enough and each step is in the band (its rolling mean, or itself at the edges); else a reason', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const r = steadyWindow(xs);
        if (!r.found) {
          assert.ok(r.reason.length > 0);
          return;
        }
        assert.ok(r.first >= 0 && r.last < xs.length && r.first <= r.last);
        assert.ok(r.last - r.first + 1 >= Math.max(3, Math.ceil(DEFAULT_STEADY_RULE.minShare * xs.length)));
        const smooth = rollingMean(xs, r.rolling);
        const inBand = (x: number): boolean => Math.abs(x - r.level) <= 0.1 * r.level + 1e-9;
        for (let i = r.first; i <= r.last; i++) assert.ok(inBand(smooth[i] as number) || inBand(xs[i] as number), `step ${i}`);
      }),
    );
  });

  it('a constant load is steady throughout; figures are ordered', () => {
    const r = steadyWindow(Array(12).fill(7));
    assert.deepEqual(r, { found: true, first: 0, last: 11, level: 7, rolling: 3 });
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 4, maxLength: 60 }), (xs) => {
        const [load] = loadOverTime(xs.map((v, i) => sample('p.prom', i + 1, i, 'num_requests_running', v)));
        for (const s of load?.series ?? [])
          for (const { figures: f } of s.replicas) {
            assert.ok(f.min <= f.mean + 1e-9 && f.mean <= f.max + 1e-9);
            if (f.p50 !== undefined) assert.ok(f.min <= f.p50 && f.p50 <= f.max);
            if (f.p95 !== undefined && f.p50 !== undefined) assert.ok(f.p50 <= f.p95 && f.p95 <= f.max);
          }
      }),
    );
  });
});
