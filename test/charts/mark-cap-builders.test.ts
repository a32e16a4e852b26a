/**
 * Mark caps of the concurrency, scaling, delta and Pareto charts and of chartsForSummary:
 * an input over the cap gives at most the cap in data values, the caption says what was
 * aggregated, and the spec still validates and renders without warnings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../bench/seeded-random';
import type { Comparison, ComparisonKind } from '../../src/analyze/types';
import {
  type ChartRow,
  chartMeta,
  chartsForSummary,
  concurrencyChart,
  DEFAULT_MARK_CAP,
  deltaChart,
  latencyDistributionChart,
  paretoChart,
  paretoFrontier,
  renderChart,
  scalingChart,
  type VegaLiteSpec,
} from '../../src/charts';
import type { SampleRecord } from '../../src/model/records';
import { schemaErrors } from './helpers';

type Value = Record<string, unknown>;

/** Every data value handed to Vega-Lite, in every (layer) data block of the spec. */
function dataValues(spec: unknown): Value[] {
  const out: Value[] = [];
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) {
      for (const x of o) walk(x);
      return;
    }
    if (o === null || typeof o !== 'object') return;
    const rec = o as Record<string, unknown>;
    const data = rec.data as { values?: unknown } | undefined;
    if (data && Array.isArray(data.values)) out.push(...(data.values as Value[]));
    for (const [k, v] of Object.entries(rec)) if (k !== 'data' && k !== 'usermeta' && k !== 'config') walk(v);
  };
  walk(spec);
  return out;
}

async function valid(spec: VegaLiteSpec): Promise<void> {
  assert.deepEqual(schemaErrors(spec), []);
  assert.deepEqual((await renderChart(spec)).warnings, []);
}

function side(label: string, mean: number, n: number): Comparison['baseline'] {
  return { label, value: label, n, mean, min: mean, max: mean, runs: [] };
}

function comparison(
  kind: ComparisonKind,
  metric: string,
  group: Record<string, string | number>,
  changePct: number,
  opts: { inconclusive?: boolean; gpus?: [number, number] } = {},
): Comparison {
  const base = 100;
  const cand = base * (1 + changePct / 100);
  const [bg, cg] = opts.gpus ?? [1, 2];
  const sides: [string, string] = kind === 'scaling' ? [`${bg} GPU${bg === 1 ? '' : 's'}`, `${cg} GPUs`] : ['vLLM', 'SGLang'];
  return {
    kind,
    metric,
    group: group as Comparison['group'],
    factor: kind === 'scaling' ? 'gpus' : 'engine',
    baseline: { ...side(sides[0], base, 2), value: kind === 'scaling' ? bg : 'vllm' },
    candidate: { ...side(sides[1], cand, 2), value: kind === 'scaling' ? cg : 'sglang' },
    ratio: cand / base,
    change_pct: changePct,
    change_pct_range: [changePct - 1, changePct + 1],
    n_base: 2,
    n_other: 2,
    ...(kind === 'scaling' ? { efficiency: cand / base / (cg / bg) } : {}),
    flags: opts.inconclusive ? ['inconclusive'] : [],
  };
}

describe('concurrency chart cap', () => {
  // `lines` lines (model m000…), 8 concurrencies, throughput = line index + concurrency / 100.
  const rows = (lines: number, metrics = ['throughput_rps']): ChartRow[] => {
    const out: ChartRow[] = [];
    for (let l = 0; l < lines; l++) {
      for (const c of [1, 2, 4, 8, 16, 32, 64, 128]) {
        const m: ChartRow['metrics'] = {};
        for (const k of metrics) m[k] = { mean: l + c / 100, min: l, max: l + 1, n: 1 };
        out.push({ id: `${l}-${c}`, group: { model: `m${String(l).padStart(4, '0')}`, concurrency: c }, metrics: m });
      }
    }
    return out;
  };

  it('48,000 points: the 29 lines with the highest mean kept, the rest folded into one "other" line', async () => {
    // 3000 lines × 8 concurrencies × 2 metrics.
    const spec = concurrencyChart(rows(3000, ['throughput_rps', 'output_tps']));
    const values = dataValues(spec);
    assert.ok(values.length <= DEFAULT_MARK_CAP, `${values.length} values`);
    const lines = new Set(values.map((v) => v.line));
    // Once folding, at most 30 lines: as many as vega's legend names.
    assert.equal(lines.size, 30);
    assert.equal(values.length, 30 * 16);
    assert.ok(lines.has('other (2971)'));
    assert.ok(lines.has('m2999') && lines.has('m2971') && !lines.has('m2970'), 'the lines with the highest mean stay');
    assert.equal(chartMeta(spec).points, values.length);
    assert.ok(
      chartMeta(spec).notes.some((n) =>
        n.includes('Only the 29 of 3000 lines with the highest mean throughput are drawn; the other 2971 are folded into “other (2971)”'),
      ),
      chartMeta(spec).notes.join(' | '),
    );
    await valid(spec);
  });

  it('up to 30 lines (what the legend can name) and 5000 points nothing is folded', () => {
    const spec = concurrencyChart(rows(30, ['throughput_rps', 'output_tps']));
    assert.equal(new Set(dataValues(spec).map((v) => v.line)).size, 30);
    assert.equal(
      chartMeta(spec).notes.some((n) => /folded/.test(n)),
      false,
    );
    assert.equal(new Set(dataValues(concurrencyChart(rows(31))).map((v) => v.line)).size, 30);
    assert.equal(new Set(dataValues(concurrencyChart(rows(120))).map((v) => v.line)).size, 30);
  });

  it('the "other" line is the n-weighted mean of the folded lines, whiskers over them', async () => {
    const spec = concurrencyChart(rows(100), { maxMarks: 200 });
    const values = dataValues(spec);
    assert.ok(values.length <= 200, `${values.length} values`);
    // (200 − 8) / 8 = 24 lines kept: m0076 … m0099; folded: m0000 … m0075.
    const other = values.filter((v) => v.line === 'other (76)');
    assert.equal(other.length, 8);
    const at4 = other.find((v) => v.concurrency === 4);
    assert.equal(at4?.value, 37.54); // mean of 0..75 = 37.5, plus 4/100
    assert.equal(at4?.min, 0);
    assert.equal(at4?.max, 76);
    assert.equal(at4?.n, 76);
    // The legend order: kept lines in their usual order, "other" last.
    const colorSort = (spec.layer as Array<{ encoding: { color: { sort: string[] } } }>)[0]!.encoding.color.sort;
    assert.equal(colorSort[0], 'm0076');
    assert.equal(colorSort[colorSort.length - 1], 'other (76)');
    await valid(spec);
  });

  it('maxLines folds lines even when the points fit', () => {
    const spec = concurrencyChart(rows(30), { maxLines: 10 });
    const lines = new Set(dataValues(spec).map((v) => v.line));
    assert.equal(lines.size, 10);
    assert.ok(lines.has('other (21)'));
    assert.ok(chartMeta(spec).notes.some((n) => n.includes('Only the 9 of 30 lines')));
  });

  it('at the cap nothing is folded', () => {
    const spec = concurrencyChart(rows(25), { maxMarks: 200 });
    assert.equal(dataValues(spec).length, 200);
    assert.equal(
      chartMeta(spec).notes.some((n) => /folded/.test(n)),
      false,
    );
  });
});

describe('scaling chart cap', () => {
  // 300 comparisons, change 0.5 % … 150 %; every tenth one (the biggest of its ten) is inconclusive.
  const comps = Array.from({ length: 300 }, (_, i) =>
    comparison('scaling', 'throughput_rps', { engine: 'vllm', model: `m${String(i).padStart(3, '0')}`, concurrency: 10 }, (i + 1) * 0.5, {
      inconclusive: i % 10 === 9,
    }),
  );

  it('keeps the conclusive comparisons with the largest change, says how many were left out', async () => {
    const spec = scalingChart(comps, { maxMarks: 50, maxRows: 80 });
    const values = dataValues(spec);
    assert.ok(values.length <= 50, `${values.length} values`);
    const bars = values.filter((v) => typeof v.label === 'string');
    assert.equal(bars.length, 49, '49 bars + the 1× reference');
    // The 270 conclusive ones rank first: the 49 largest are i = 299 … 244 without the inconclusive i ≡ 9 (mod 10).
    const labels = bars.map((v) => String(v.label));
    assert.ok(labels.includes('m298') && !labels.includes('m299'), 'a large inconclusive change ranks after conclusive ones');
    assert.ok(bars.every((v) => v.result === 'conclusive'));
    // Kept bars stay in input order.
    assert.deepEqual(labels, [...labels].sort());
    const note = chartMeta(spec).notes.find((n) => n.startsWith('Only the 49 of 300 comparisons'));
    assert.ok(note, chartMeta(spec).notes.join(' | '));
    assert.match(note, /the 251 left out have speedups from 1\.00× to 2\.50×/);
    await valid(spec);
  });

  // A page shows about 24 rows legibly (issue 29): the default row cap.
  it('the default keeps at most 24 rows', async () => {
    const spec = scalingChart(comps);
    const bars = dataValues(spec).filter((v) => typeof v.label === 'string');
    assert.equal(bars.length, 24);
    assert.ok(chartMeta(spec).notes.some((n) => n.startsWith('Only the 24 of 300 comparisons')));
    await valid(spec);
  });

  it('under the cap every comparison is drawn and nothing is said', () => {
    const spec = scalingChart(comps.slice(0, 20));
    assert.equal(dataValues(spec).filter((v) => typeof v.label === 'string').length, 20);
    assert.equal(
      chartMeta(spec).notes.some((n) => n.startsWith('Only')),
      false,
    );
  });
});

describe('delta chart cap', () => {
  // 200 configurations × 3 metrics; configuration i changes by ±(i mod 97) %; i = 150 is inconclusive everywhere.
  const metrics = ['throughput_rps', 'output_tps', 'latency_mean_s'];
  const comps: Comparison[] = [];
  for (let i = 0; i < 200; i++) {
    for (const [j, m] of metrics.entries()) {
      const change = ((i % 97) + j) * (i % 2 === 0 ? 1 : -1);
      comps.push(comparison('engine', m, { model: `m${String(i).padStart(3, '0')}`, concurrency: 10 }, change, { inconclusive: i === 96 }));
    }
  }

  it('keeps the configurations with the largest conclusive change in any metric', async () => {
    const spec = deltaChart(comps, { kind: 'engine', metrics, maxMarks: 90, maxRows: 80 });
    const values = dataValues(spec);
    assert.ok(values.length <= 90, `${values.length} values`);
    const labels = new Set(values.map((v) => v.label));
    assert.equal(labels.size, 30);
    assert.equal(values.length, 90, 'every kept configuration keeps all three metrics');
    // Largest |change|: i mod 97 = 96 (i = 96 inconclusive → ranked last, i = 193), then 95 (95, 192), 94 …
    assert.ok(labels.has('m193') && labels.has('m095') && !labels.has('m096'));
    const note = chartMeta(spec).notes.find((n) => n.startsWith('Only the 30 of 200 configurations'));
    assert.ok(note, chartMeta(spec).notes.join(' | '));
    assert.match(note, /170 configurations \(510 comparisons, changes from -\d+\.\d% to \+\d+\.\d%\) are left out/);
    await valid(spec);
  });

  // Three metrics stack two rows of panels: each keeps half the 24 rows a page shows.
  it('the default keeps at most 12 rows per panel of 3 metrics', () => {
    const spec = deltaChart(comps, { kind: 'engine', metrics });
    assert.equal(new Set(dataValues(spec).map((v) => v.label)).size, 12);
  });
});

describe('Pareto chart cap', () => {
  const rnd = seededRandom(11);
  const rows: ChartRow[] = Array.from({ length: 20_000 }, (_, i) => {
    const lat = 1 + rnd() * 9;
    const rps = lat * (0.5 + rnd()) * 2;
    return {
      id: `r${i}`,
      group: { engine: i % 2 === 0 ? 'vllm' : 'sglang', model: 'M', concurrency: i },
      metrics: { latency_p99_s: { mean: lat, min: lat, max: lat, n: 1 }, throughput_rps: { mean: rps, min: rps, max: rps, n: 1 } },
    };
  });

  it('20,000 points: the whole frontier stays, the dominated ones are binned into a grid with counts', async () => {
    const spec = paretoChart(rows, { x: 'latency_p99_s', y: 'throughput_rps', maxMarks: 500 });
    const values = dataValues(spec);
    assert.ok(values.length <= 500, `${values.length} values`);
    const frontier = paretoFrontier(
      rows.map((r) => ({
        label: `c=${r.group.concurrency as number}`,
        x: r.metrics.latency_p99_s!.mean,
        y: r.metrics.throughput_rps!.mean,
      })),
    );
    const onFrontier = values.filter((v) => v.frontier === 'on the frontier');
    assert.equal(onFrontier.length, frontier.length);
    const binned = values.filter((v) => v.frontier === 'dominated (binned)');
    assert.ok(binned.length > 50, 'still shows the shape of the cloud');
    assert.equal(
      binned.reduce((a, v) => a + Number(v.count), 0),
      20_000 - frontier.length,
      'every dominated configuration is in one cell',
    );
    const note = chartMeta(spec).notes.find((n) =>
      n.startsWith(`The ${20_000 - frontier.length} dominated configurations are binned into a`),
    );
    assert.ok(note, chartMeta(spec).notes.join(' | '));
    await valid(spec);
  });

  it('a frontier alone over the cap is thinned evenly and the caption says so', () => {
    // Every point on the frontier: latency and throughput rise together.
    const line: ChartRow[] = Array.from({ length: 300 }, (_, i) => ({
      id: `f${i}`,
      group: { model: 'M', concurrency: i },
      metrics: {
        latency_p99_s: { mean: i + 1, min: i + 1, max: i + 1, n: 1 },
        throughput_rps: { mean: i + 1, min: i + 1, max: i + 1, n: 1 },
      },
    }));
    const spec = paretoChart(line, { x: 'latency_p99_s', y: 'throughput_rps', maxMarks: 100 });
    const values = dataValues(spec);
    assert.ok(values.length <= 100);
    const xs = values.map((v) => Number(v.x));
    assert.ok(xs.includes(1) && xs.includes(300), 'both ends stay');
    assert.ok(chartMeta(spec).notes.some((n) => n.startsWith('The frontier has 300 configurations; 50 evenly spaced along it are drawn.')));
  });
});

describe('latency distribution rows', () => {
  it('200 configurations: the 24 slowest are kept and the caption says so', async () => {
    const rows: ChartRow[] = Array.from({ length: 200 }, (_, i) => {
      const st = (v: number): ChartRow['metrics'][string] => ({ mean: v, min: v, max: v, n: 1 });
      return {
        id: `c${i}`,
        group: { model: 'M', concurrency: i + 1 },
        metrics: { latency_p50_s: st(i + 1), latency_p99_s: st(2 * (i + 1)), latency_max_s: st(3 * (i + 1)) },
      };
    });
    const spec = latencyDistributionChart(rows);
    const values = dataValues(spec);
    const labels = new Set(values.map((v) => v.label));
    assert.equal(labels.size, 24);
    assert.ok(labels.has('c=200') && labels.has('c=177') && !labels.has('c=176'));
    assert.equal(values.length, 24 * 4, '3 statistics and one range per row');
    assert.ok(
      chartMeta(spec).notes.includes(
        'Only the 24 of 200 configurations with the highest latency are shown; all are in appendix-configurations.csv.',
      ),
      chartMeta(spec).notes.join(' | '),
    );
    await valid(spec);
  });
});

describe('chartsForSummary stays bounded', () => {
  it('40 preset tables give at most 20 bar figures, the last one summarising the other 21 tables', async () => {
    const rows: ChartRow[] = [];
    for (let t = 0; t < 40; t++) {
      for (const p of ['gpu-a', 'gpu-b', 'gpu-c']) {
        const v = t * 10 + p.charCodeAt(4);
        rows.push({
          id: `${t}-${p}`,
          group: { model: `model-${String(t).padStart(2, '0')}`, preset: p },
          metrics: { output_tps: { mean: v, min: v, max: v, n: 1 } },
        });
      }
    }
    const configurations = rows.map((r) => ({
      id: r.id,
      group: r.group,
      runs: [r.id],
      excluded: [],
      metrics: { output_tps: { ...r.metrics.output_tps!, std: 0 } },
    }));
    const figures = chartsForSummary({ configurations: configurations as never });
    const bars = figures.filter((f) => f.name.startsWith('bars-'));
    assert.equal(bars.length, 20);
    assert.equal(bars[18]?.name, 'bars-model-18');
    const last = bars[19]!;
    assert.equal(last.name, 'bars-other-tables');
    assert.match(last.caption, /of the 21 tables beyond the first 19 \(40 in all\), one bar per table/);
    assert.match(last.caption, /Whiskers span min\.\.max over the presets and repeats/);
    const cats = [...new Set(dataValues(last.spec).map((v) => v.category))];
    assert.equal(cats.length, 21);
    // model-39: the mean over its presets a, b, c.
    const m39 = dataValues(last.spec).find((v) => v.category === 'model-39');
    assert.equal(m39?.value, 390 + 98);
    assert.equal(m39?.min, 390 + 97);
    await valid(last.spec);
  });

  it('no figure over the cap and a bounded number of figures for a large mixed input', async () => {
    const rows: ChartRow[] = [];
    for (let l = 0; l < 1200; l++) {
      for (const c of [1, 4, 16, 64]) {
        const v = l + c;
        rows.push({
          id: `${l}-${c}`,
          group: { engine: l % 2 ? 'vllm' : 'sglang', model: 'M', gpus: 1 + (l % 4), context_length: l, concurrency: c },
          metrics: {
            throughput_rps: { mean: v, min: v, max: v, n: 1 },
            latency_p99_s: { mean: 1000 / v, min: 1000 / v, max: 1000 / v, n: 1 },
          },
        });
      }
    }
    const comparisons: Comparison[] = [];
    for (let i = 0; i < 2000; i++)
      comparisons.push(comparison(i % 2 ? 'scaling' : 'engine', 'throughput_rps', { model: 'M', context_length: i }, (i % 300) - 100));
    const samples: SampleRecord[] = [];
    for (let s = 0; s < 30; s++)
      for (let t = 0; t < 3; t++)
        samples.push({
          kind: 'sample',
          schema_version: 1,
          id: `s${s}-${t}`,
          series: `vllm:custom_${String(s).padStart(2, '0')}`,
          t,
          value: t + s,
          labels: {},
          source: { file: 'x.log', line: 1 + t, format: 'prometheus' },
        } as unknown as SampleRecord);
    const maxMarks = 400;
    const figures = chartsForSummary({
      configurations: rows.map((r) => ({
        id: r.id,
        group: r.group,
        runs: [r.id],
        excluded: [],
        metrics: Object.fromEntries(Object.entries(r.metrics).map(([k, s]) => [k, { ...s, std: 0 }])),
      })) as never,
      comparisons,
      samples,
      maxMarks,
    });
    const names = figures.map((f) => f.name);
    assert.ok(
      names.some((n) => n.startsWith('concurrency')) &&
        names.includes('pareto') &&
        names.includes('delta-engine') &&
        names.includes('scaling-throughput-rps'),
      names.join(', '),
    );
    for (const f of figures) {
      const n = dataValues(f.spec).length;
      assert.ok(n <= maxMarks, `${f.name}: ${n} values`);
      assert.equal(chartMeta(f.spec).points <= maxMarks, true, f.name);
    }
    for (const name of ['concurrency', 'pareto', 'delta-engine', 'scaling-throughput-rps']) {
      // The concurrency chart is split by facet (engine here): its first part stands for it.
      const f = figures.find((x) => x.name === name || x.name.startsWith(`${name}-`))!;
      assert.match(f.caption, /(Only the|binned)/, `${name}: ${f.caption}`);
      assert.deepEqual(schemaErrors(f.spec), [], name);
      assert.deepEqual((await renderChart(f.spec)).warnings, [], name);
    }
    const ts = figures.filter((f) => f.name.startsWith('load-'));
    assert.equal(ts.length, 6, 'series without a known meaning: 6 at most');
    assert.match(ts[ts.length - 1]!.caption, /24 more sample series are not drawn/);
    assert.ok(figures.length <= 20 + 1 + 2 + 4 + 2 + 1 + 16);
  });
});
