import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barChart, type ChartRow, chartMeta, DEFAULT_MARK_CAP, renderChart, timeSeriesChart } from '../../src/charts';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { schemaErrors } from './helpers';

describe('mark cap', () => {
  it('50k samples are binned into buckets under the cap, and the caption says so', async () => {
    // 4 replicas × 4 series × 3125 scrapes = 50,000 samples.
    const samples = replicaSamples({ seed: 3, points: 3125, step: 1 });
    assert.equal(samples.length, 50_000);
    const spec = timeSeriesChart(samples, {
      series: ['num_requests_running', 'gpu_kv_cache_usage_pct', 'num_requests_waiting', 'output_tps'],
    });
    const values = (spec.data as { values: Array<Record<string, unknown>> }).values;
    assert.ok(values.length < DEFAULT_MARK_CAP, `${values.length} points`);
    assert.ok(values.length > DEFAULT_MARK_CAP / 4, 'still detailed');
    const meta = chartMeta(spec);
    assert.equal(meta.points, values.length);
    assert.ok(
      meta.notes.some((n) => /50000 samples were binned into \d+ s buckets/.test(n)),
      meta.notes.join(' | '),
    );
    // Every bucket mean lies within its min..max.
    for (const v of values) assert.ok(Number(v.min) <= Number(v.value) && Number(v.value) <= Number(v.max));
    assert.deepEqual(schemaErrors(spec), []);
    assert.deepEqual((await renderChart(spec)).warnings, []);
  });

  it('below the cap nothing is aggregated', () => {
    const spec = timeSeriesChart(replicaSamples({ points: 20 }), { series: 'num_requests_running' });
    assert.equal((spec.data as { values: unknown[] }).values.length, 80);
    assert.equal(
      chartMeta(spec).notes.some((n) => /binned/.test(n)),
      false,
    );
  });

  it('a bar chart with too many categories keeps the top ones and merges the rest into "other"', async () => {
    const rows: ChartRow[] = [];
    for (let i = 0; i < 3000; i++) {
      for (const s of ['pipeline', 'tensor'])
        rows.push({
          id: `${i}-${s}`,
          group: { preset: `p${String(i).padStart(4, '0')}`, strategy: s },
          metrics: { output_tps: { mean: i + (s === 'tensor' ? 0.5 : 0), min: i, max: i + 1, n: 1 } },
        });
    }
    const spec = barChart(rows, { metric: 'output_tps', category: 'preset', series: 'strategy', maxMarks: 100, maxCategories: 100 });
    const values = (spec.data as { values: Array<Record<string, unknown>> }).values;
    assert.ok(values.length <= 100);
    const cats = new Set(values.map((v) => v.category));
    assert.equal(cats.size, 50);
    assert.ok(cats.has('p2999') && !cats.has('p0000'), 'the highest categories stay');
    assert.ok(cats.has('other (2951)'));
    const otherTensor = values.find((v) => v.category === 'other (2951)' && v.series === 'tensor');
    assert.equal(otherTensor?.n, 2951);
    assert.equal(otherTensor?.min, 0);
    assert.ok(chartMeta(spec).notes.some((n) => /merged into “other \(2951\)”/.test(n)));
    assert.deepEqual((await renderChart(spec)).warnings, []);
  });

  it('time series with a total line sums the replicas', () => {
    const samples = replicaSamples({ points: 10, seed: 9 });
    const spec = timeSeriesChart(samples, { series: 'num_requests_running', total: true });
    const values = (spec.data as { values: Array<Record<string, unknown>> }).values;
    const at0 = values.filter((v) => v.t === 60 && v.replica !== 'total').reduce((a, v) => a + Number(v.value), 0);
    const total = values.find((v) => v.t === 60 && v.replica === 'total');
    assert.ok(at0 > 0);
    assert.equal(total?.value, at0);
  });
});
