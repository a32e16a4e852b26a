import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  barChart,
  type ChartRow,
  compileSpec,
  deltaChart,
  renderChart,
  renderSvg,
  renumberSvgIds,
  timeSeriesChart,
} from '../../src/charts';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { REPO_ROOT } from '../helpers/golden';
import { a10Fixture, presetsFixture } from './fixtures';
import { schemaErrors } from './helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('renderSvg', () => {
  it('is deterministic: the same spec twice gives identical bytes', async () => {
    const spec = deltaChart(a10Fixture().comparisons, { kind: 'engine' });
    const a = await renderSvg(spec);
    const b = await renderSvg(spec);
    assert.equal(a, b);
    assert.match(a, /^<svg /);
  });

  it('gives different charts different clip/gradient ids (they can share one HTML page)', async () => {
    // Clipped marks and gradients are what get ids in vega's SVG.
    const clipped = (samples: ReturnType<typeof replicaSamples>, series: string) => {
      const spec = timeSeriesChart(samples, { series });
      const layer = (spec.layer as Array<{ mark: Record<string, unknown> }>)[0]!;
      layer.mark = {
        ...layer.mark,
        clip: true,
        color: {
          gradient: 'linear',
          stops: [
            { offset: 0, color: '#4c78a8' },
            { offset: 1, color: '#e45756' },
          ],
        },
      };
      return spec;
    };
    const samples = replicaSamples({ seed: 1, points: 10 });
    const a = await renderSvg(clipped(samples, 'num_requests_running'));
    const b = await renderSvg(clipped(samples, 'gpu_kv_cache_usage_pct'));
    assert.equal(a, await renderSvg(clipped(samples, 'num_requests_running')), 'ids are stable across renders');
    const ids = (s: string): string[] => [...s.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(ids(a).length > 0, 'charts have clip paths');
    assert.deepEqual(
      ids(a).filter((id) => ids(b).includes(id)),
      [],
    );
    for (const s of [a, b])
      for (const m of s.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids(s).includes(m[1]!), `dangling reference #${m[1]}`);
  });

  it('renumberSvgIds rewrites ids and their references together', () => {
    const svg =
      '<svg><clipPath id="clip7"><rect/></clipPath><g clip-path="url(#clip7)"/><use href="#clip7"/><linearGradient id="gradient_3"/></svg>';
    assert.equal(
      renumberSvgIds(svg, 'p'),
      '<svg><clipPath id="p-1"><rect/></clipPath><g clip-path="url(#p-1)"/><use href="#p-1"/><linearGradient id="p-2"/></svg>',
    );
  });

  it('escapes untrusted labels and titles from logs', async () => {
    const rows: ChartRow[] = [
      {
        id: 'a',
        group: { preset: HOSTILE, strategy: '</text><script>alert(2)</script>' },
        metrics: { output_tps: { mean: 10, min: 10, max: 10, n: 1 } },
      },
      { id: 'b', group: { preset: 'gpu-small', strategy: 'tensor' }, metrics: { output_tps: { mean: 12, min: 11, max: 13, n: 2 } } },
    ];
    const spec = barChart(rows, { metric: 'output_tps', category: 'preset', series: 'strategy', title: `Title ${HOSTILE}` });
    assert.deepEqual(schemaErrors(spec), []);
    const { svg, warnings } = await renderChart(spec);
    assert.deepEqual(warnings, []);
    assert.equal(/<img|<script/i.test(svg), false, 'no raw markup from labels');
    assert.ok(svg.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the title text is kept, escaped');
    assert.ok(svg.includes('&lt;script&gt;') || svg.includes('&lt;/text&gt;'), 'the legend label is kept, escaped');
  });

  it('keys such as __proto__ in groups stay data and do not pollute prototypes', async () => {
    const group: Record<string, string | number> = {};
    Object.defineProperty(group, '__proto__', { value: 'x', enumerable: true, writable: true, configurable: true });
    group.preset = 'p1';
    const rows: ChartRow[] = [{ id: 'a', group, metrics: { output_tps: { mean: 1, min: 1, max: 1, n: 1 } } }];
    const spec = barChart(rows, { metric: 'output_tps', category: '__proto__' });
    assert.deepEqual((await renderChart(spec)).warnings, []);
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  it('compileSpec collects vega-lite warnings instead of printing them', () => {
    const { warnings } = compileSpec({
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      data: { values: [] },
      mark: 'bar',
      encoding: { x: { field: 'a', type: 'quantitative' }, shape: { field: 'b', type: 'quantitative' } },
    });
    assert.ok(warnings.length > 0);
  });

  it('loading the charts module does not load vega or vega-lite (lazy)', () => {
    const code =
      "require('./src/charts'); const k = Object.keys(require.cache); console.log(JSON.stringify(k.filter((f) => /node_modules\\/vega(-lite)?\\//.test(f)).length));";
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), '0');
  });

  it('presets bar charts render with CJK/emoji labels without warnings', async () => {
    const { configurations } = presetsFixture();
    const spec = barChart(
      configurations.map((c) => ({ ...c, group: { ...c.group, preset: `${String(c.group.preset)} //再来 [결과] 🚀` } })),
      { metric: 'output_tps', category: 'preset' },
    );
    const { svg, warnings } = await renderChart(spec);
    assert.deepEqual(warnings, []);
    assert.ok(svg.includes('再来'));
    assert.ok(svg.includes('DejaVu Sans, Noto Sans CJK SC'));
  });
});
