/**
 * Every chart a report draws fits its figure: no text ends in an ellipsis (vega's cut), no text
 * runs past the SVG's edges (estimated with the chart font's widths, see svg-text.ts), and the
 * figure stays within the page's width; the spec is valid and vega does not warn. Checked on every report set of data/ (as the main job
 * builds them) and on fixtures with long CJK / emoji labels.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { analyzeRunsDetailed } from '../../src/analyze';
import {
  barChart,
  type ChartFigure,
  capacityChart,
  chartsForSummary,
  concurrencyChart,
  deltaChart,
  historyChart,
  latencyDistributionChart,
  paretoChart,
  renderChart,
  rowsFromConfigurations,
  scalingChart,
  timeSeriesChart,
  type VegaLiteSpec,
} from '../../src/charts';
import { parsePaths } from '../../src/ingest';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { LONG_MODEL, longLabelRuns, longLabelSamples } from '../fixtures/charts/long-labels';
import { REPO_ROOT } from '../helpers/golden';
import { schemaErrors } from './helpers';
import { textProblems } from './svg-text';

/** A figure may be a little wider than the ~700 px it is embedded at (the page scales it down). */
const MAX_FIGURE_WIDTH = 720;

async function problemsOf(name: string, spec: VegaLiteSpec): Promise<string[]> {
  const { svg, warnings } = await renderChart(spec);
  const width = Number(/<svg\b[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1]);
  const out = textProblems(svg).map((p) => `${name}: ${p}`);
  for (const e of schemaErrors(spec)) out.push(`${name}: not valid vega-lite: ${e}`);
  if (!(width <= MAX_FIGURE_WIDTH)) out.push(`${name}: figure is ${width} px wide (at most ${MAX_FIGURE_WIDTH})`);
  for (const w of warnings) out.push(`${name}: vega warns: ${w}`);
  return out;
}

async function figuresOf(inputs: string[]): Promise<ChartFigure[]> {
  const parsed = await parsePaths(inputs.map((p) => path.join(REPO_ROOT, p)));
  const runs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
  const samples = parsed.records.filter((r): r is SampleRecord => r.kind === 'sample');
  const a = analyzeRunsDetailed(runs, { samples });
  return chartsForSummary({ runs: a.runs, configurations: a.summary.configurations, comparisons: a.summary.comparisons, samples });
}

describe('charts fit their figure', () => {
  const sets = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'report-sets.json'), 'utf8')) as Array<{
    name: string;
    inputs: string[];
  }>;
  for (const set of sets) {
    it(`report set ${set.name}: no cut text, nothing past the edges`, async () => {
      const figures = await figuresOf(set.inputs);
      assert.ok(figures.length > 0, 'the set draws charts');
      const problems: string[] = [];
      for (const f of figures) problems.push(...(await problemsOf(f.name, f.spec)));
      assert.deepEqual(problems, []);
    });
  }

  it('long CJK / emoji labels: every builder wraps instead of cutting', async () => {
    const analysis = analyzeRunsDetailed(longLabelRuns());
    const { configurations, comparisons } = analysis.summary;
    assert.ok(
      analysis.runs.some((r) => r.flags.includes('warmup-suspect')),
      'the fixture has warm-up suspects',
    );
    const rows = rowsFromConfigurations(configurations, analysis.runs);
    const samples = longLabelSamples();
    const specs: Array<[string, VegaLiteSpec]> = [
      ...chartsForSummary({ runs: analysis.runs, configurations, comparisons, samples }).map((f): [string, VegaLiteSpec] => [
        f.name,
        f.spec,
      ]),
      ['bars-configuration', barChart(rows, { metric: ['throughput_rps', 'output_tps', 'latency_p99_s'], category: 'configuration' })],
      ['bars-series', barChart(rows, { metric: 'throughput_rps', category: 'model', series: 'gpu' })],
      ['bars-runs', barChart(analysis.runs, { metric: 'throughput_rps', category: 'configuration' })],
      ['concurrency-runs', concurrencyChart(analysis.runs)],
      ['scaling', scalingChart(comparisons, { title: `${LONG_MODEL} ${LONG_MODEL}`, subtitle: LONG_MODEL })],
      ['delta', deltaChart(comparisons, { kind: 'engine' })],
      ['latency-runs', latencyDistributionChart(analysis.runs)],
      ['pareto-runs', paretoChart(analysis.runs, { x: 'latency_p99_s', y: 'throughput_rps' })],
      ['timeseries', timeSeriesChart(samples, { series: ['num_requests_running', 'gpu_kv_cache_usage_pct'], total: true })],
      ['empty', barChart([], { metric: `${LONG_MODEL}_${LONG_MODEL}`, category: 'preset' })],
      [
        'capacity',
        capacityChart({
          metric: 'latency_p99_s',
          target: 2,
          load: 'concurrency',
          points: [1, 8, 32, 64].flatMap((c, i) => [
            { series: `${LONG_MODEL} · 2 GPUs`, load: c, value: 0.5 + i },
            { series: `${LONG_MODEL} · 4 GPUs`, load: c, value: 0.3 + i / 2, ...(i === 0 ? { warmup: true } : {}) },
          ]),
          capacity: [
            { series: `${LONG_MODEL} · 2 GPUs`, load: 12, bound: 'interpolated' },
            { series: `${LONG_MODEL} · 4 GPUs`, load: 64, bound: 'not-reached' },
          ],
        }),
      ],
      [
        'history',
        historyChart({
          metric: 'output_tps',
          points: ['2024.12-nightly-build-🚀-超长版本号-a', '2025.01-nightly-build-🚀-超长版本号-b', 'v0.7.1'].flatMap((at, i) => [
            { series: `${LONG_MODEL} · 4 GPUs`, at, value: 100 + i * 10 },
            { series: `${LONG_MODEL} · 2 GPUs`, at, value: 80 - i * 10 },
          ]),
          changes: [{ series: `${LONG_MODEL} · 2 GPUs`, at: 'v0.7.1', change_pct: -14.3, kind: 'regression' }],
        }),
      ],
    ];
    const problems: string[] = [];
    for (const [name, spec] of specs) problems.push(...(await problemsOf(name, spec)));
    assert.deepEqual(problems, []);
  });
});
