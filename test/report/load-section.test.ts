/**
 * The "Load over time" section: buildLoadSection's view (formatted, escaped) laid out by
 * templates/partials/load.hbs, on the 4-replica fixture and on a load with no steady state.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import Handlebars from 'handlebars';
import { chartsForSummary } from '../../src/charts';
import type { SampleRecord } from '../../src/model/records';
import { buildLoadSection } from '../../src/report/load-section';
import { replicaSamples } from '../fixtures/charts/replica-samples';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const PARTIALS = path.join(REPO_ROOT, 'templates', 'partials');

/** Renders the load partial as the report does: the `table` partial registered, `load` at the root. */
function render(view: unknown): string {
  const hb = Handlebars.create();
  for (const p of ['table', 'load']) hb.registerPartial(p, fs.readFileSync(path.join(PARTIALS, `${p}.hbs`), 'utf8'));
  return hb.compile('{{> load}}', { noEscape: true, strict: false })({ load: view });
}

describe('buildLoadSection', () => {
  it('4 replicas: source, rule, window, figures per series and per replica, the load charts (golden Markdown)', () => {
    const samples = replicaSamples();
    const figures = chartsForSummary({ samples }).map((f, i) => ({ name: f.name, title: f.title, caption: f.caption, n: i + 3 }));
    const view = buildLoadSection(samples, figures);
    assert.ok(view);
    const [test] = view.tests;
    assert.ok(test?.steady);
    assert.match(test.window, /^Steady state found: 120 s to 585 s after the first sample \(32 of 40 steps\)/);
    assert.match(test.rule, /within ±10 % of its level/);
    const running = test.figures.rows.find((r) => r[0] === 'Running requests');
    assert.ok(running, JSON.stringify(test.figures.rows));
    assert.equal(running[1], 'sum');
    assert.equal(test.replicas?.rows.length, 4);
    assert.deepEqual(
      test.charts.map((c) => [c.n, c.path]),
      [
        [3, 'charts/load-num-requests-running.svg'],
        [4, 'charts/load-num-requests-waiting.svg'],
        [5, 'charts/load-gpu-kv-cache-usage-pct.svg'],
        [6, 'charts/load-output-tps.svg'],
      ],
    );
    assertGolden('charts-load/load-section.md', render(view));
  });

  it('no steady state: says so and what the figures cover; replica names from logs are escaped', () => {
    // Two replicas ramping the whole time, named by hostile label values, in a file named with a pipe.
    const ramp = (instance: string, slope: number): SampleRecord[] =>
      Array.from({ length: 24 }, (_, i) => ({
        kind: 'sample',
        schema_version: 1,
        id: `x.prom:${i}:${instance}`,
        source: { file: 'x|y.prom', line: i + 1, format: 'prometheus' },
        t: i * 10,
        series: 'num_requests_running',
        labels: { instance },
        value: i * slope,
      }));
    const samples = [...ramp('<img src=x onerror=alert(1)>', 10), ...ramp('__proto__ | *b*', 12)];
    const view = buildLoadSection(samples);
    assert.ok(view);
    const md = render(view);
    assert.match(md, /No steady state: the load never stayed within ±10 % of its level/);
    assert.match(md, /The figures below cover the whole test, ramp-up and drain included\./);
    assert.match(md, /Per replica, mean over the whole test:/);
    assert.ok(!/(^|[^\\])<img/.test(md), 'HTML from labels is escaped');
    assert.ok(md.includes('\\<img src=x onerror=alert(1)\\>'));
    assert.ok(md.includes('\\_\\_proto\\_\\_ \\| \\*b\\*'), 'pipes and emphasis from labels are escaped');
  });

  it('no samples, no section', () => {
    assert.equal(buildLoadSection([]), undefined);
    assert.equal(render(undefined).trim(), '');
  });
});
