import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ChartFigure, chartsForSummary, figureSlug, renderChart, sampleSeconds } from '../../src/charts';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { assertGolden } from '../helpers/golden';
import { a10Fixture, presetsFixture } from './fixtures';
import { schemaErrors } from './helpers';

function outline(figures: ChartFigure[]): Array<{ name: string; title: string; caption: string }> {
  return figures.map((f) => ({ name: f.name, title: f.title, caption: f.caption }));
}

async function checkAll(figures: ChartFigure[]): Promise<void> {
  const names = new Set<string>();
  for (const f of figures) {
    assert.match(f.name, /^[a-z0-9-]+$/);
    assert.ok(!names.has(f.name), `duplicate name ${f.name}`);
    names.add(f.name);
    assert.deepEqual(schemaErrors(f.spec), [], f.name);
    assert.deepEqual((await renderChart(f.spec)).warnings, [], f.name);
  }
}

describe('chartsForSummary', () => {
  it('A10 SGLang/vLLM logs: concurrency, scaling, engine delta, latency, Pareto', async () => {
    const figures = chartsForSummary(a10Fixture());
    assertGolden('charts/summary-a10.json', outline(figures));
    // Every scaling pair has a requests/s speedup: no second figure repeats it in output tok/s.
    assert.deepEqual(
      figures.map((f) => f.name),
      ['concurrency', 'scaling-throughput-rps', 'delta-engine', 'latency-distribution', 'pareto'],
    );
    await checkAll(figures);
  });

  it('presets report: one bar chart per table, the pipeline-vs-tensor bars and delta', async () => {
    const figures = chartsForSummary(presetsFixture());
    assertGolden('charts/summary-presets.json', outline(figures));
    assert.deepEqual(
      figures.map((f) => f.name),
      ['bars-deepseek-r1-distill-qwen-1-5b', 'bars-llama-3-2-3b-instruct', 'bars-llama-3-2-3b-instruct-by-strategy', 'delta-parallelism'],
    );
    await checkAll(figures);
  });

  it('samples of 4 replicas: the load figures, steady state shaded, totals where replicas add up', async () => {
    const figures = chartsForSummary({ samples: replicaSamples() });
    assertGolden('charts/summary-samples.json', outline(figures));
    assert.deepEqual(
      figures.map((f) => f.name),
      ['load-num-requests-running', 'load-num-requests-waiting', 'load-gpu-kv-cache-usage-pct', 'load-output-tps'],
    );
    await checkAll(figures);
  });

  it('runs without configurations still give charts; empty input gives none', () => {
    const { runs } = a10Fixture();
    assert.ok(chartsForSummary({ runs }).some((f) => f.name === 'concurrency'));
    assert.deepEqual(chartsForSummary({}), []);
  });

  it('one concurrency and no presets: a bar chart of every configuration', async () => {
    const { runs, configurations } = a10Fixture();
    const at30 = configurations.filter((c) => c.group.concurrency === 30);
    const figures = chartsForSummary({ runs, configurations: at30 });
    assert.equal(figures[0]?.name, 'bars-configurations');
    const values = (figures[0]!.spec.hconcat as unknown[]).length;
    assert.equal(values, 3, 'throughput, output throughput and mean latency panels');
    const data = (figures[0]!.spec.data as { values: Array<Record<string, unknown>> }).values;
    assert.deepEqual([...new Set(data.map((v) => v.category))], ['SGLang · 2 GPUs', 'SGLang · 4 GPUs', 'vLLM · 2 GPUs', 'vLLM · 4 GPUs']);
    await checkAll(figures);
  });

  it('is deterministic', () => {
    assert.deepEqual(chartsForSummary(a10Fixture()), chartsForSummary(a10Fixture()));
  });

  it('figureSlug gives [a-z0-9-]+ of at most 60 characters, cut at a word', () => {
    assert.equal(figureSlug('vLLM · Llama-3.2-3B-Instruct · c=10'), 'vllm-llama-3-2-3b-instruct-c-10');
    assert.equal(figureSlug('../../etc/passwd'), 'etc-passwd');
    assert.equal(figureSlug('再来'), 'chart');
    const long = figureSlug(`${'a'.repeat(30)} ${'b'.repeat(40)}`);
    assert.equal(long, 'a'.repeat(30));
  });
});

describe('sampleSeconds', () => {
  it('reads ISO times without a zone as UTC, so the machine zone does not matter', () => {
    assert.equal(sampleSeconds('2025-06-01T10:00:15'), Date.UTC(2025, 5, 1, 10, 0, 15) / 1000);
    assert.equal(sampleSeconds('2025-06-01T10:00:00+02:00'), Date.UTC(2025, 5, 1, 8, 0, 0) / 1000);
    assert.equal((sampleSeconds('10-26 02:48:47') ?? 0) - (sampleSeconds('10-26 02:48:42') ?? 0), 5);
    assert.equal(sampleSeconds(12.5), 12.5);
    assert.equal(sampleSeconds('yesterday'), undefined);
  });
});
