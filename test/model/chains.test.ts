/**
 * The chain people write in a notebook, with no type annotation: parse → filter → group →
 * chart → show. `npm test` type-checks test/ with the pinned TypeScript, so this file also
 * fails when an output stops being accepted by the next step.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { groupRuns } from '../../src/analyze/frame';
import { barChart } from '../../src/charts/bar-chart';
import { parsePaths } from '../../src/ingest/parse-paths';
import { isEnv, isRun, isSample } from '../../src/model/record-kinds';
import { displayBundle } from '../../src/notebook/show';
import { REPO_ROOT } from '../helpers/golden';

const DATA = path.join(REPO_ROOT, 'data');

test('parse → filter → group → chart → show, without annotations', async () => {
  const parsed = await parsePaths([DATA]);
  const filtered = parsed.records.filter(isRun);
  assert.equal(filtered.length, parsed.runs.length);
  assert.ok(parsed.runs.length > 100);
  assert.equal(parsed.env.length, parsed.records.filter(isEnv).length);
  assert.equal(parsed.samples.length, parsed.records.filter(isSample).length);
  assert.equal(parsed.runs.length + parsed.env.length + parsed.samples.length, parsed.records.length);

  const grouped = await groupRuns(parsed.runs, ['engine', 'gpus'], { metrics: ['throughput_rps'] });
  const vllm2 = grouped.find((g) => g.engine === 'vllm' && g.gpus === 2);
  assert.equal(Number(vllm2?.throughput_rps_mean).toFixed(2), '14.81');
  assert.ok(
    grouped.every((g) => g.gpus === undefined || typeof g.gpus === 'number'),
    'an unknown GPU count is absent, never the string "unknown"',
  );
  assert.ok(
    grouped.some((g) => !Object.hasOwn(g, 'gpus')),
    'data/ holds runs whose GPU count is unknown',
  );

  const spec = barChart(grouped, { metric: 'throughput_rps', category: 'gpus', series: 'engine' });
  const text = JSON.stringify(spec);
  assert.match(text, /"2 GPUs"|"2"/, 'the groupRuns rows became bars');
  const order = JSON.parse(/"sort":(\[[^\]]*\])/.exec(text)?.[1] ?? '[]') as string[];
  const numbers = order.map((c) => Number.parseFloat(c)).filter((n) => Number.isFinite(n));
  assert.ok(numbers.length >= 2, `the GPU axis has numeric categories: ${order.join(', ')}`);
  assert.deepEqual(
    numbers,
    [...numbers].sort((a, b) => a - b),
    'a numeric axis sorts numerically',
  );

  const bundle = await displayBundle(grouped);
  assert.match(String(bundle.data['text/html']), /^<table class="benchbook-table"><thead><tr><th>engine<\/th>/);
  const runsTable = await displayBundle(parsed.runs.slice(0, 3));
  assert.match(String(runsTable.data['text/html']), /<th>id<\/th>.*<th>engine<\/th>/, 'runs show as their flat rows');
  assert.doesNotMatch(String(runsTable.data['text/html']), /\[object Object\]|\{&quot;/);
});
