/**
 * Capacity and history charts: valid, deterministic specs and SVGs (goldens), the target and
 * the capacity named in text, flagged changes told apart by shape and text (not colour alone),
 * nothing cut or past the edges, and the same SVG whatever the machine's time zone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capacityChart, historyChart, renderChart, type VegaLiteSpec } from '../../src/charts';
import { a10CapacityInput, historyInput } from '../fixtures/charts/capacity-history';
import { assertGolden } from '../helpers/golden';
import { normaliseSvg, schemaErrors } from './helpers';
import { textProblems } from './svg-text';

async function clean(spec: VegaLiteSpec): Promise<string> {
  assert.deepEqual(schemaErrors(spec), []);
  const { svg, warnings } = await renderChart(spec);
  assert.deepEqual(warnings, []);
  assert.deepEqual(textProblems(svg), []);
  assert.ok(Number(/<svg\b[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1]) <= 720);
  return svg;
}

/** Every line of text drawn (one-line texts and the tspans of wrapped ones). */
const texts = (svg: string): string[] => [...svg.matchAll(/<(?:text|tspan)[^>]*>([^<]+)</g)].map((m) => m[1]!);

describe('capacityChart', () => {
  it('A10 p99 latency against concurrency: target rule, capacity per configuration (golden)', async () => {
    const input = a10CapacityInput();
    const spec = capacityChart(input);
    const svg = await clean(spec);
    const t = texts(svg);
    assert.ok(t.includes('target ≤ 3 s'), t.join(' | '));
    assert.ok(t.includes('capacity'));
    assert.ok(t.includes('warm-up suspect'));
    // Every configuration's capacity is named in its legend entry.
    assert.deepEqual(
      t.filter((x) => x.startsWith('capacity: ')),
      input.capacity.map((c) => `capacity: c ${c.bound === 'not-reached' ? '≥' : '≈'} ${Number(c.load.toPrecision(3))}`),
    );
    assertGolden('charts/capacity-chart.vl.json', spec);
    assertGolden('charts/capacity-chart.svg', normaliseSvg(svg));
  });

  it('never met is said in the caption, not marked; not reached is marked with ≥', async () => {
    const spec = capacityChart({
      metric: 'latency_p99_s',
      target: 1,
      load: 'concurrency',
      points: [
        { series: 'slow', load: 10, value: 2 },
        { series: 'slow', load: 20, value: 3 },
        { series: 'fast', load: 10, value: 0.2 },
        { series: 'fast', load: 20, value: 0.4 },
      ],
      capacity: [
        { series: 'slow', load: 10, bound: 'never-met' },
        { series: 'fast', load: 20, bound: 'not-reached' },
      ],
    });
    const notes = JSON.stringify(spec.usermeta);
    assert.match(notes, /No load measured meets the target for: slow\./);
    const t = texts(await clean(spec));
    assert.ok(t.includes('capacity: c ≥ 20'), t.join(' | '));
    assert.ok(t.includes('no load within the target'));
    // One cross (the capacity of "fast"), none for "slow".
    const layers = spec.layer as Array<{ data?: { values: Array<Record<string, unknown>> }; transform?: unknown[] }>;
    const crosses = layers.find((l) => JSON.stringify(l.transform ?? []).includes('capacity_mark'));
    assert.deepEqual(
      crosses?.data?.values.map((v) => [v.series, v.load]),
      [['fast', 20]],
    );
  });

  it('a throughput floor reads ≥, empty input gives a chart that says so', async () => {
    const spec = capacityChart({
      metric: 'throughput_rps',
      target: 10,
      load: 'request_rate',
      points: [
        { series: 'a', load: 1, value: 12 },
        { series: 'a', load: 4, value: 8 },
      ],
      capacity: [{ series: 'a', load: 2.5, bound: 'interpolated' }],
    });
    assert.ok(texts(await clean(spec)).includes('target ≥ 10 req/s'));
    await clean(capacityChart({ metric: 'latency_p99_s', target: 2, load: 'concurrency', points: [], capacity: [] }));
  });
});

describe('historyChart', () => {
  it('dated releases: a line per configuration, regression and improvement by shape and text (golden)', async () => {
    const spec = historyChart(historyInput());
    const svg = await clean(spec);
    const t = texts(svg);
    assert.ok(t.includes('-13.6% regression') && t.includes('+20.9% improvement'), t.join(' | '));
    assert.ok(t.includes('regression') && t.includes('improvement'), 'the legend names both kinds');
    assert.ok(
      t.some((x) => /^2025-0[1-6]-\d\d$/.test(x)),
      'dates on the axis',
    );
    assertGolden('charts/history-chart-dates.vl.json', spec);
    assertGolden('charts/history-chart-dates.svg', normaliseSvg(svg));
  });

  it('versions without dates: an ordinal axis in the order given (golden)', async () => {
    const spec = historyChart(historyInput(false));
    const svg = await clean(spec);
    const t = texts(svg);
    const versions = t.filter((x) => /^v\d/.test(x));
    assert.deepEqual(versions, ['v0.6.0', 'v0.6.1', 'v0.6.2', 'v0.6.3', 'v0.7.0', 'v0.7.1']);
    assertGolden('charts/history-chart-versions.vl.json', spec);
    assertGolden('charts/history-chart-versions.svg', normaliseSvg(svg));
  });

  it('the same SVG whatever the time zone', async () => {
    const before = process.env.TZ;
    try {
      const out: string[] = [];
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata']) {
        process.env.TZ = tz;
        out.push((await renderChart(historyChart(historyInput()))).svg);
      }
      assert.equal(out[1], out[0]);
      assert.equal(out[2], out[0]);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
