/**
 * Figures that stay legible (issue 29): a chart of more than 24 rows is split by its facet
 * (model …) into several figures, or keeps its most telling 24 rows and says so; a metric
 * whose largest value dwarfs the rest is drawn on a log scale, said in the caption.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Comparison } from '../../src/analyze/types';
import { barChart, chartMeta, chartsForSummary, renderChart } from '../../src/charts';
import { concurrencyChart } from '../../src/charts/concurrency-chart';
import { deltaChart } from '../../src/charts/delta-chart';
import { splitByFacet } from '../../src/charts/figure-facets';
import { estimatedFigureHeight, MAX_FIGURE_HEIGHT } from '../../src/charts/figure-height';
import { latencyDistributionChart } from '../../src/charts/latency-distribution-chart';
import type { ChartRow } from '../../src/charts/types';
import { wideSpread } from '../../src/charts/wide-spread';
import { axisMarks } from './axis-marks';
import { schemaErrors } from './helpers';

function scaling(model: string, i: number): Comparison {
  const base = 100;
  const cand = base * (1.2 + i / 100);
  const side = (label: string, value: number, mean: number) => ({ label, value, n: 2, mean, min: mean, max: mean, runs: [] });
  return {
    kind: 'scaling',
    metric: 'output_tps',
    group: { engine: 'vllm', model, concurrency: i + 1 } as Comparison['group'],
    factor: 'gpus',
    baseline: side('1 GPU', 1, base),
    candidate: side('2 GPUs', 2, cand),
    ratio: cand / base,
    change_pct: (cand / base - 1) * 100,
    change_pct_range: [(cand / base - 1) * 100, (cand / base - 1) * 100],
    n_base: 2,
    n_other: 2,
    efficiency: cand / base / 2,
    flags: [],
  };
}

function row(id: string, group: ChartRow['group'], metrics: Record<string, number>): ChartRow {
  return { id, group, metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, { mean: v, min: v, max: v, n: 1 }])) };
}

describe('splitting by facet', () => {
  it('60 scaling comparisons over 3 models become 3 figures of 20 rows, said in the captions', async () => {
    const comps = ['Qwen7B', 'Llama-8B', 'Mistral-7B'].flatMap((m) => Array.from({ length: 20 }, (_, i) => scaling(m, i)));
    const figures = chartsForSummary({ comparisons: comps }).filter((f) => f.name.startsWith('scaling-'));
    assert.deepEqual(
      figures.map((f) => f.name),
      ['scaling-output-tps-qwen7b', 'scaling-output-tps-llama-8b', 'scaling-output-tps-mistral-7b'],
    );
    for (const f of figures) {
      assert.equal(axisMarks(f.spec), 20, f.name);
      assert.match(f.caption, /Split by model into 3 figures; this one: /);
      assert.deepEqual(schemaErrors(f.spec), []);
    }
    assert.match(figures[1]?.title ?? '', /^Scaling: output throughput speedup \(Llama-8B\)$/);
    assert.deepEqual((await renderChart(figures[0]?.spec as never)).warnings, []);
  });

  it('a set within 24 rows stays one figure; one without a facet of few values keeps the top rows that fit a page', () => {
    const few = Array.from({ length: 20 }, (_, i) => scaling('Qwen7B', i));
    assert.deepEqual(
      chartsForSummary({ comparisons: few }).map((f) => f.name),
      ['scaling-output-tps'],
    );
    const one = Array.from({ length: 40 }, (_, i) => scaling('Qwen7B', i));
    const figures = chartsForSummary({ comparisons: one });
    assert.equal(figures.length, 1);
    // At most 24, and fewer when 24 would not fit a page unshrunk (figure-height.ts).
    const spec = figures[0]?.spec;
    assert.ok(spec, 'a figure');
    const marks = axisMarks(spec);
    assert.ok(marks >= 20 && marks <= 24, `${marks} rows`);
    assert.ok(estimatedFigureHeight(spec) <= MAX_FIGURE_HEIGHT);
    assert.match(figures[0]?.caption ?? '', new RegExp(`Only the ${marks} of 40 comparisons`));
    assert.match(figures[0]?.caption ?? '', /all are in appendix-comparisons\.csv/, 'the caption names where the rest is');
  });

  it('small parts share a figure within 24 rows, in their first-seen order', () => {
    const items = [
      ...Array.from({ length: 3 }, () => ({ group: { model: 'A' } })),
      ...Array.from({ length: 20 }, () => ({ group: { model: 'B' } })),
      ...Array.from({ length: 2 }, () => ({ group: { model: 'C' } })),
      ...Array.from({ length: 15 }, () => ({ group: { model: 'D' } })),
    ];
    const split = splitByFacet(items, (xs) => xs.length);
    assert.deepEqual(
      split.parts.map((p) => [p.label, p.items.length]),
      [
        ['A, B', 23],
        ['C, D', 17],
      ],
    );
  });

  it('a part without the facet key is named for it, never "all"', () => {
    const items = [...Array.from({ length: 20 }, () => ({ group: { model: 'A' } })), ...Array.from({ length: 10 }, () => ({ group: {} }))];
    const split = splitByFacet(items, (xs) => xs.length);
    assert.equal(split.key, 'model');
    assert.deepEqual(
      split.parts.map((p) => [p.label, p.items.length]),
      [
        ['A', 20],
        ['model not named', 10],
      ],
    );
  });

  it('a bar chart of 200 configurations shows 24 categories, the rest merged and said', () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(`r${i}`, { model: `m${String(i).padStart(3, '0')}` }, { output_tps: i + 1 }));
    const spec = barChart(rows, { metric: 'output_tps', category: 'configuration' });
    assert.equal(axisMarks(spec), 24);
    assert.ok(chartMeta(spec).notes.some((n) => n.includes('merged into “other (177)”')));
  });
});

describe('log scale for a wide spread', () => {
  it('wideSpread: one value ten times the median of the others, all positive', () => {
    assert.equal(wideSpread([1, 2, 3, 300]), 150);
    assert.equal(wideSpread([1, 2, 3, 4]), undefined);
    assert.equal(wideSpread([0, 1, 100]), undefined, 'a log axis cannot show 0');
    assert.equal(wideSpread([5]), undefined);
  });

  it('a bar chart with one value 20× the others is on a log scale and says so', async () => {
    const rows = [
      row('a', { engine: 'vllm' }, { output_tps: 10 }),
      row('b', { engine: 'sglang' }, { output_tps: 12 }),
      row('c', { engine: 'tgi' }, { output_tps: 240 }),
    ];
    const spec = barChart(rows, { metric: 'output_tps', category: 'engine' });
    const text = JSON.stringify(spec);
    assert.match(text, /"scale":\{"type":"log"\}/);
    assert.match(text, /log scale/);
    assert.ok(
      chartMeta(spec).notes.some((n) => /^Output throughput is on a log scale: its largest value is 22× the median of the others/.test(n)),
    );
    assert.deepEqual(schemaErrors(spec), []);
    assert.deepEqual((await renderChart(spec)).warnings, []);
  });

  it('bars of a narrow spread stay linear', () => {
    const rows = [row('a', { engine: 'vllm' }, { output_tps: 10 }), row('b', { engine: 'sglang' }, { output_tps: 30 })];
    const spec = barChart(rows, { metric: 'output_tps', category: 'engine' });
    assert.doesNotMatch(JSON.stringify(spec), /"type":"log"/);
  });

  it('concurrency and latency charts take a log value axis too', () => {
    const rows = [1, 2, 4].flatMap((c) => [
      row(`a${c}`, { engine: 'vllm', concurrency: c }, { throughput_rps: c, latency_p50_s: 1, latency_p99_s: 2 }),
      row(`b${c}`, { engine: 'sglang', concurrency: c }, { throughput_rps: c * 1.5, latency_p50_s: 1.2, latency_p99_s: 2.4 }),
      row(`c${c}`, { engine: 'tgi', concurrency: c }, { throughput_rps: c * 40, latency_p50_s: 90, latency_p99_s: 200 }),
    ]);
    const conc = concurrencyChart(rows, { metric: ['throughput_rps'] });
    assert.ok(chartMeta(conc).notes.some((n) => n.startsWith('Throughput is on a log scale')));
    const lat = latencyDistributionChart(rows);
    assert.ok(chartMeta(lat).notes.some((n) => n.startsWith('End-to-end latency is on a log scale')));
    assert.deepEqual(schemaErrors(conc), []);
    assert.deepEqual(schemaErrors(lat), []);
  });
});

describe('change % outliers', () => {
  const engine = (model: string, change: number): Comparison => ({
    ...scaling(model, 0),
    kind: 'engine',
    factor: 'engine',
    metric: 'throughput_rps',
    change_pct: change,
    change_pct_range: [change, change],
    ratio: 1 + change / 100,
  });
  const xScale = (spec: unknown): Record<string, unknown> | undefined => {
    const layer = ((spec as { spec?: { layer?: Array<{ encoding?: { x?: { scale?: Record<string, unknown> } } }> } }).spec?.layer ?? [])[0];
    return layer?.encoding?.x?.scale;
  };

  it('one change ≫ the others: a symmetric log axis, said in the caption', async () => {
    const comps = [engine('A', 1088), engine('B', 12), engine('C', -20), engine('D', 30)];
    const spec = deltaChart(comps, { kind: 'engine', metrics: ['throughput_rps'] });
    assert.equal(xScale(spec)?.type, 'symlog');
    assert.ok(
      chartMeta(spec).notes.some((n) => /symmetric log scale .* 54× the median of the others/.test(n)),
      chartMeta(spec).notes.join(' | '),
    );
    assert.deepEqual((await renderChart(spec)).warnings, []);
  });

  it('changes of a few tens of % stay on a linear axis, whatever their ratio', () => {
    const spec = deltaChart([engine('A', 40), engine('B', 1), engine('C', -2)], { kind: 'engine', metrics: ['throughput_rps'] });
    assert.equal(xScale(spec)?.type, undefined);
    assert.ok(!chartMeta(spec).notes.some((n) => n.includes('log scale')));
  });
});
