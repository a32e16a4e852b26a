import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  barChart,
  chartMeta,
  concurrencyChart,
  deltaChart,
  latencyDistributionChart,
  paretoChart,
  renderChart,
  rowsFromConfigurations,
  scalingChart,
  timeSeriesChart,
  type VegaLiteSpec,
} from '../../src/charts';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { assertGolden } from '../helpers/golden';
import { a10Fixture, presetsFixture } from './fixtures';
import { normaliseSvg, schemaErrors } from './helpers';

const a10 = a10Fixture();
const presets = presetsFixture();
const llama = presets.configurations.filter((c) => c.group.model === 'Llama-3.2-3B-Instruct' && c.group.strategy === undefined);
const section3 = presets.configurations.filter((c) => c.group.strategy !== undefined);

const cases: Array<[string, () => VegaLiteSpec]> = [
  [
    'bar-chart',
    () =>
      barChart(llama, {
        metric: ['input_tps', 'output_tps', 'latency_mean_s'],
        category: 'preset',
        title: 'Llama-3.2-3B-Instruct, 2048 ctx',
      }),
  ],
  [
    'bar-chart-strategy',
    () =>
      barChart(rowsFromConfigurations(section3), {
        metric: 'output_tps',
        category: 'preset',
        series: 'strategy',
        title: 'Pipeline vs tensor: generation tok/s',
      }),
  ],
  [
    'bar-chart-repeats',
    () =>
      barChart(
        a10.runs.filter((r) => r.client?.concurrency === 30),
        { metric: 'throughput_rps', category: 'engine', series: 'gpus' },
      ),
  ],
  ['concurrency-chart', () => concurrencyChart(a10.configurations)],
  ['scaling-chart', () => scalingChart(a10.comparisons)],
  ['delta-chart-parallelism', () => deltaChart(presets.comparisons, { kind: 'parallelism' })],
  ['delta-chart-engine', () => deltaChart(a10.comparisons, { kind: 'engine', metrics: ['throughput_rps', 'latency_p99_s'] })],
  ['latency-distribution-chart', () => latencyDistributionChart(a10.configurations)],
  [
    'time-series-chart',
    () => timeSeriesChart(replicaSamples({ seed: 7, points: 30 }), { series: ['num_requests_running', 'gpu_kv_cache_usage_pct'] }),
  ],
  ['pareto-chart', () => paretoChart(a10.configurations, { x: 'latency_p99_s', y: 'throughput_rps' })],
];

describe('chart builders', () => {
  for (const [name, build] of cases) {
    it(`${name}: valid spec, no warnings, golden spec and SVG`, async () => {
      const spec = build();
      assert.deepEqual(schemaErrors(spec), [], 'spec must validate against the vega-lite schema');
      const { svg, warnings } = await renderChart(spec);
      assert.deepEqual(warnings, [], 'vega-lite compile and vega runtime must not warn');
      assertGolden(`charts/${name}.vl.json`, spec);
      assertGolden(`charts/${name}.svg`, normaliseSvg(svg));
    });
  }

  it('builders are pure: same input, same spec; inputs are not mutated', () => {
    const before = JSON.stringify(a10.configurations);
    for (const [, build] of cases) assert.deepEqual(build(), build());
    assert.equal(JSON.stringify(a10.configurations), before);
  });

  it('bar chart: repeats give whiskers, single runs do not', () => {
    const withRepeats = barChart(
      a10.configurations.filter((c) => c.group.concurrency === 30),
      { metric: 'throughput_rps', category: 'engine', series: 'gpus' },
    );
    const values = (withRepeats.data as { values: Array<Record<string, unknown>> }).values;
    const vllm2 = values.find((v) => v.category === 'vLLM' && v.series === '2 GPUs');
    assert.deepEqual({ value: vllm2?.value, min: vllm2?.min, max: vllm2?.max, n: vllm2?.n }, { value: 11.56, min: 11.12, max: 12, n: 2 });
    assert.ok(chartMeta(withRepeats).notes.some((n) => /min\.\.max/.test(n)));
    const single = barChart(llama, { metric: 'output_tps', category: 'preset' });
    assert.equal(JSON.stringify(single).includes('datum.n > 1'), false);
  });

  it('scaling chart: ideal = GPU ratio, efficiency from the comparison', () => {
    const spec = scalingChart(a10.comparisons, { metric: 'throughput_rps' });
    const values = (spec.data as { values: Array<Record<string, unknown>> }).values;
    const vllm30 = values.find((v) => v.label === 'vLLM · c=30');
    assert.equal(vllm30?.ideal, 2);
    assert.equal(vllm30?.speedup, 1.139273);
    assert.equal(vllm30?.lo, 1.093333);
    assert.equal(vllm30?.hi, 1.188849);
    assert.equal(vllm30?.text, '1.14× · eff. 57%');
    const sg30 = values.find((v) => v.label === 'SGLang · c=30');
    // 20.27 / 10.78 (two runs at 10.78): the 88 % improvement the log's conclusion reports.
    assert.equal(sg30?.speedup, 1.880334);
  });

  it('delta chart: the presets report pipeline-vs-tensor numbers', () => {
    const spec = deltaChart(presets.comparisons, { kind: 'parallelism' });
    const values = (spec.data as { values: Array<Record<string, unknown>> }).values;
    const got = values.filter((v) => v.metric === 'Prompt throughput').map((v) => [v.label, v.text]);
    // The report's "Prompt Speedup (%)" column.
    assert.deepEqual(got, [
      ['H100X1', '-0.6%'],
      ['H100X2', '+13.4%'],
      ['gpu-medium', '+25.9%'],
      ['gpu-small', '+1.2%'],
      ['mi210x1', '-3.1%'],
      ['mi210x2', '+18.7%'],
    ]);
    assert.equal((spec.title as { text: string }).text, 'Tensor vs pipeline: change %');
  });

  it('empty input gives a valid "nothing to draw" chart, not a throw', async () => {
    for (const spec of [
      barChart([], { metric: 'throughput_rps', category: 'preset' }),
      concurrencyChart([]),
      scalingChart([]),
      deltaChart([], { kind: 'engine' }),
      latencyDistributionChart([]),
      timeSeriesChart([], { series: 'num_requests_running' }),
      paretoChart([], { x: 'latency_p99_s', y: 'throughput_rps' }),
    ]) {
      assert.deepEqual(schemaErrors(spec), []);
      assert.deepEqual((await renderChart(spec)).warnings, []);
    }
  });
});

describe('concurrency axis', () => {
  it('switches to a log axis for wide sweeps and says so', async () => {
    const rows = [1, 2, 4, 8, 16, 32, 64].map((c) => ({
      id: `c${c}`,
      group: { engine: 'vllm', concurrency: c },
      metrics: { throughput_rps: { mean: Math.log2(c) + 1, min: Math.log2(c) + 1, max: Math.log2(c) + 1, n: 1 } },
    }));
    const spec = concurrencyChart(rows);
    assert.match(JSON.stringify(spec), /"type":"log"/);
    assert.ok(chartMeta(spec).notes.includes('Concurrency is on a log scale.'));
    assert.deepEqual(schemaErrors(spec), []);
    assert.deepEqual((await renderChart(spec)).warnings, []);
    assert.equal(JSON.stringify(concurrencyChart(a10.configurations)).includes('"type":"log"'), false);
  });
});
