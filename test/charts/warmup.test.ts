/**
 * Warm-up suspects (docs/architecture.md's warm-up rule) are drawn apart wherever single runs are drawn,
 * with a legend entry "warm-up suspect", and never averaged into a measured mark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeRunsDetailed } from '../../src/analyze';
import {
  barChart,
  type ChartRow,
  chartsForSummary,
  concurrencyChart,
  excludedWarmupRows,
  latencyDistributionChart,
  paretoChart,
  renderChart,
  rowsFromConfigurations,
  rowsFromRuns,
  type VegaLiteSpec,
  WARMUP_LABEL,
} from '../../src/charts';
import { longLabelRuns } from '../fixtures/charts/long-labels';
import { assertGolden } from '../helpers/golden';
import { a10Fixture } from './fixtures';
import { normaliseSvg, schemaErrors } from './helpers';

const values = (spec: VegaLiteSpec): Array<Record<string, unknown>> =>
  (spec.data as { values: Array<Record<string, unknown>> } | undefined)?.values ?? [];

/** a10 runs with the first run of SGLang 4 GPUs c=30 marked a suspect (a slow first run). */
function a10WithSuspect() {
  const a = a10Fixture();
  const target = a.runs.find((r) => r.engine === 'sglang' && r.parallelism?.gpus === 4 && r.client?.concurrency === 30);
  assert.ok(target);
  const suspect: ChartRow = { ...rowsFromRuns([target])[0]!, warmup: true };
  suspect.metrics = {
    ...suspect.metrics,
    throughput_rps: { mean: 3, min: 3, max: 3, n: 1 },
    output_tps: { mean: 300, min: 300, max: 300, n: 1 },
  };
  return { ...a, suspect };
}

async function rendersClean(spec: VegaLiteSpec): Promise<string> {
  assert.deepEqual(schemaErrors(spec), []);
  const { svg, warnings } = await renderChart(spec);
  assert.deepEqual(warnings, []);
  return svg;
}

describe('warm-up suspects in charts', () => {
  it('rows: runs carry the flag; a configuration of suspects only is one; excluded suspects come back as rows', () => {
    const analysis = analyzeRunsDetailed(longLabelRuns());
    const suspects = analysis.runs.filter((r) => r.flags.includes('warmup-suspect'));
    assert.ok(suspects.length >= 4, `${suspects.length} suspects`);
    assert.deepEqual(
      rowsFromRuns(analysis.runs)
        .filter((r) => r.warmup)
        .map((r) => r.id),
      suspects.map((r) => r.id),
    );
    const excluded = excludedWarmupRows(analysis.summary.configurations, analysis.runs);
    assert.deepEqual(excluded.map((r) => r.id).sort(), suspects.map((r) => r.id).sort());
    // Here every suspect has repeats beside it, so no configuration is made of suspects only.
    assert.equal(rowsFromConfigurations(analysis.summary.configurations, analysis.runs).filter((r) => r.warmup).length, 0);
    const lone = suspects[0]!;
    const alone = analyzeRunsDetailed([lone]);
    const rows = rowsFromConfigurations(alone.summary.configurations, alone.runs);
    assert.deepEqual(
      rows.map((r) => r.warmup),
      [true],
      'a configuration built only on a suspect is marked',
    );
    assert.equal(rowsFromConfigurations(alone.summary.configurations).length, 1, 'without runs nothing is known of flags');
    assert.equal(rowsFromConfigurations(alone.summary.configurations)[0]!.warmup, undefined);
  });

  it('concurrency: a hollow diamond off the line, a legend entry, the line through measured points only', async () => {
    const { configurations, suspect } = a10WithSuspect();
    const spec = concurrencyChart([...configurations, suspect]);
    const warm = values(spec).filter((v) => v.warmup === 1);
    assert.deepEqual(
      warm.map((v) => [v.metric, v.concurrency, v.value]),
      [
        ['throughput_rps', 30, 3],
        ['output_tps', 30, 300],
      ],
    );
    // The measured SGLang · 4 GPUs point at c=30 is still the configuration mean, not merged with the suspect.
    const measured = values(spec).find(
      (v) => v.metric === 'throughput_rps' && v.concurrency === 30 && v.line === warm[0]!.line && !v.warmup,
    );
    assert.equal(
      measured?.value,
      configurations.find((c) => c.group.engine === 'sglang' && c.group.gpus === 4 && c.group.concurrency === 30)?.metrics.throughput_rps
        ?.mean,
    );
    const svg = await rendersClean(spec);
    assert.match(svg, new RegExp(`>${WARMUP_LABEL}<`));
    assertGolden('charts/concurrency-chart-warmup.vl.json', spec);
    assertGolden('charts/concurrency-chart-warmup.svg', normaliseSvg(svg));
  });

  it('Pareto: suspects never join the frontier, even when they would dominate', async () => {
    const { configurations, suspect } = a10WithSuspect();
    const fast: ChartRow = {
      ...suspect,
      metrics: {
        ...suspect.metrics,
        throughput_rps: { mean: 99, min: 99, max: 99, n: 1 },
        latency_p99_s: { mean: 0.01, min: 0.01, max: 0.01, n: 1 },
      },
    };
    const spec = paretoChart([...configurations, fast], { x: 'latency_p99_s', y: 'throughput_rps' });
    const v = values(spec);
    assert.deepEqual(
      v.filter((x) => x.warmup === 1).map((x) => x.frontier),
      [WARMUP_LABEL],
    );
    assert.ok(v.filter((x) => x.frontier === 'on the frontier').every((x) => Number(x.y) < 99));
    assert.match(await rendersClean(spec), new RegExp(`>${WARMUP_LABEL}<`));
  });

  it('latency distribution: a row of its own, named, hollow points on a dashed range', async () => {
    const { configurations, suspect } = a10WithSuspect();
    const spec = latencyDistributionChart([...configurations, suspect]);
    const json = JSON.stringify(spec);
    assert.ok(json.includes(`(${WARMUP_LABEL})`), 'the row says it is a suspect');
    assert.ok(json.includes('"filled":false'));
    assert.ok(json.includes('"strokeDash"'));
    const svg = await rendersClean(spec);
    assert.match(svg, new RegExp(`>${WARMUP_LABEL}<`));
  });

  it('bars per run: suspects faded with a dashed outline, named in the category and the legend', async () => {
    const analysis = analyzeRunsDetailed(longLabelRuns());
    const spec = barChart(analysis.runs.slice(0, 4), { metric: 'throughput_rps', category: 'configuration' });
    const v = values(spec);
    assert.ok(v.some((x) => x.run === WARMUP_LABEL && String(x.category).endsWith(`(${WARMUP_LABEL})`)));
    assert.ok(v.some((x) => x.run === 'measured'));
    assert.match(await rendersClean(spec), new RegExp(`>${WARMUP_LABEL}<`));
    // No suspects, no warm-up encoding at all.
    assert.equal(
      JSON.stringify(barChart(analysis.runs.slice(1, 2), { metric: 'throughput_rps', category: 'configuration' })).includes(WARMUP_LABEL),
      false,
    );
  });

  it('chartsForSummary shows the runs analysis left out as suspects', () => {
    const analysis = analyzeRunsDetailed(longLabelRuns());
    const figures = chartsForSummary({
      runs: analysis.runs,
      configurations: analysis.summary.configurations,
      comparisons: analysis.summary.comparisons,
    });
    for (const name of ['concurrency', 'latency-distribution', 'pareto']) {
      const f = figures.find((x) => x.name === name);
      assert.ok(f, name);
      assert.ok(JSON.stringify(f.spec).includes(WARMUP_LABEL), `${name} marks suspects`);
      assert.match(f.caption, /warm-up suspect/, `${name} caption says so`);
    }
  });
});
