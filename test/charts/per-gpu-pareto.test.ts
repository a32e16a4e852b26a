/** Output tok/s per GPU against tok/s per user where a load sweep exists (issue 29). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { chartsForSummary } from '../../src/charts';
import { hasLoadSweep, perGpuRows, perUserFloor } from '../../src/charts/per-gpu-pareto';
import type { ChartRow } from '../../src/charts/types';
import { schemaErrors } from './helpers';

const st = (v: number) => ({ mean: v, min: v, max: v, n: 1 });

function row(gpus: number | undefined, concurrency: number, outputTps: number, tpotMs: number): ChartRow {
  return {
    id: `g${gpus}-c${concurrency}`,
    group: { engine: 'vllm', model: 'Qwen7B', ...(gpus ? { gpus } : {}), concurrency },
    metrics: { output_tps: st(outputTps), tpot_mean_ms: st(tpotMs) },
  };
}

const sweep = [row(2, 1, 100, 10), row(2, 8, 600, 20), row(2, 32, 1200, 50), row(4, 1, 120, 8), row(4, 8, 900, 16), row(4, 32, 2000, 40)];

it('per GPU divides by the GPU count; per user is 1000 / TPOT when no rate is given; no GPU count is left out', () => {
  const d = perGpuRows([...sweep, row(undefined, 8, 500, 20)]);
  assert.equal(d.rows.length, 6);
  assert.equal(d.noGpus, 1);
  assert.equal(d.fromTpot, 6);
  const r = d.rows.find((x) => x.id === 'g4-c32');
  assert.equal(r?.metrics.output_tps_per_gpu?.mean, 500);
  assert.equal(r?.metrics.output_tps_per_user?.mean, 25);
});

it('a sweep needs two load levels of one configuration', () => {
  assert.equal(hasLoadSweep(sweep), true);
  assert.equal(hasLoadSweep([row(2, 1, 1, 1), row(4, 8, 1, 1)]), false);
});

it('targets on TPOT or the per-user rate shade x; others are said to be off the axes', () => {
  assert.equal(perUserFloor({ metric: 'tpot_mean_ms', op: '<=', value: 50, text: 'tpot_mean_ms<=50' }), 20);
  assert.equal(perUserFloor({ metric: 'output_tps_per_user', op: '>=', value: 30, text: '' }), 30);
  assert.equal(perUserFloor({ metric: 'latency_p99_s', op: '<=', value: 3, text: '' }), undefined);
  const slo = [
    { metric: 'tpot_mean_ms', op: '<=' as const, value: 25, text: 'tpot_mean_ms<=25' },
    { metric: 'latency_p99_s', op: '<=' as const, value: 3, text: 'latency_p99_s<=3' },
  ];
  const fig = chartsForSummary({ slo }).find((f) => f.name === 'pareto-per-gpu');
  assert.equal(fig, undefined, 'no rows, no figure');
  const figures = chartsForSummary({ slo, maxMarks: 5000, ...rowsInput() });
  const pareto = figures.find((f) => f.name === 'pareto-per-gpu');
  assert.ok(pareto, figures.map((f) => f.name).join(', '));
  assert.match(pareto.caption, /GPUs = tp × pp × dp/);
  assert.match(
    pareto.caption,
    /The shaded band meets tpot_mean_ms<=25\. Targets on other metrics \(latency_p99_s<=3\) are not on these axes\./,
  );
  assert.match(JSON.stringify(pareto.spec), /"type":"rect"/);
  assert.deepEqual(schemaErrors(pareto.spec), []);
});

/** The sweep as configurations, the way a report hands them over. */
function rowsInput() {
  const configurations = sweep.map((r) => ({
    id: r.id,
    group: r.group,
    runs: [r.id],
    excluded: [],
    metrics: Object.fromEntries(Object.entries(r.metrics).map(([k, s]) => [k, { ...s, std: 0 }])),
  }));
  return { configurations: configurations as never };
}
