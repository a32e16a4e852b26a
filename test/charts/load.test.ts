/**
 * Load-over-time figures: a line per replica (and the total where replicas add up) on the
 * analysis's steps, the steady state shaded and named, or a caption saying there is none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadOverTime } from '../../src/analyze/load-over-time';
import { chartsForSummary, LOAD_FIGURE_PREFIX, loadFigures, renderChart, type VegaLiteSpec } from '../../src/charts';
import type { SampleRecord } from '../../src/model/records';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { assertGolden } from '../helpers/golden';
import { normaliseSvg, schemaErrors } from './helpers';

const values = (spec: VegaLiteSpec): Array<Record<string, unknown>> => (spec.data as { values: Array<Record<string, unknown>> }).values;

describe('loadFigures', () => {
  const samples = replicaSamples({ seed: 11, points: 30 });
  const [load] = loadOverTime(samples);

  it('4 replicas: running requests with the total and the steady state shaded (golden spec and SVG)', async () => {
    assert.ok(load?.steady);
    const figures = loadFigures(load, samples);
    assert.deepEqual(
      figures.map((f) => f.name),
      ['load-num-requests-running', 'load-num-requests-waiting', 'load-gpu-kv-cache-usage-pct', 'load-output-tps'],
    );
    const running = figures[0]!;
    assert.match(running.caption, /Shaded: the steady state, 90–435 s after the first sample \(24 of 30 steps of 15 s\)/);
    const json = JSON.stringify(running.spec);
    assert.ok(json.includes('"type":"rect"') && json.includes('"steady state"'));
    // The total line sums the four replicas at each step.
    const at = (t: number) => values(running.spec).filter((v) => v.t === t);
    const step = at(180);
    const total = step.find((v) => v.replica === 'total')?.value;
    const sum = step.filter((v) => v.replica !== 'total').reduce((a, v) => a + Number(v.value), 0);
    assert.equal(total, sum);
    // Shares are not summed.
    assert.equal(
      values(figures[2]!.spec).some((v) => v.replica === 'total'),
      false,
    );
    assert.deepEqual(schemaErrors(running.spec), []);
    const { svg, warnings } = await renderChart(running.spec);
    assert.deepEqual(warnings, []);
    assertGolden('charts/load-running.vl.json', running.spec);
    assertGolden('charts/load-running.svg', normaliseSvg(svg));
  });

  it('no steady state: nothing shaded, and the caption says why', async () => {
    const ramp: SampleRecord[] = Array.from({ length: 30 }, (_, i) => ({
      kind: 'sample',
      schema_version: 1,
      id: `ramp.log:${i + 1}`,
      source: { file: 'ramp.log', line: i + 1, format: 'vllm-server-log' },
      t: `10-26T02:${String(10 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`,
      series: 'num_requests_running',
      labels: {},
      value: i * 3,
    }));
    const [l] = loadOverTime(ramp);
    assert.ok(l && !l.steady);
    const [f] = loadFigures(l, ramp);
    assert.ok(f);
    assert.match(f.caption, /No steady state is shaded: the load never stayed within ±10 %/);
    assert.equal(JSON.stringify(f.spec).includes('"type":"rect"'), false);
    assert.deepEqual((await renderChart(f.spec)).warnings, []);
  });

  it('chartsForSummary: the load figures of every test, named by test', () => {
    const later = samples.map((s) => ({
      ...s,
      source: { ...s.source, file: 'later.prom' },
      t: (s.t as string).replace('2025-06-01', '2025-06-02'),
    }));
    const names = chartsForSummary({ samples: [...samples, ...later] }).map((f) => f.name);
    assert.ok(names.every((n) => n.startsWith(LOAD_FIGURE_PREFIX)));
    assert.ok(names.includes('load-num-requests-running') && names.includes('load-num-requests-running-test-2'), names.join(', '));
  });
});
