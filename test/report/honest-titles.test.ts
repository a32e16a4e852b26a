/**
 * Honest titles and labels (issue 29): a folder of outputs from several tools where nothing is
 * comparable like-for-like is titled by its inputs, never as "SGLang vs vLLM on …"; a run that
 * names no engine is "engine not named" in the charts, never "all"; the presets report names
 * the best and worst row of its results table per headline metric.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { groupLabel } from '../../src/charts/format';
import { REPO_ROOT } from '../helpers/golden';
import { memoryReport, section } from './memory-report';

const OTHER_TOOLS = path.join(REPO_ROOT, '..', 'shared', 'samples', 'other-tools');
const MIXED = [
  'aiperf_console_table.txt',
  'genai_perf_console_table.txt',
  'sglang_bench_serving.txt',
  'vllm_bench_serve_current.txt',
  'vllm_bench_3.txt',
  'rich_3.txt',
  'nvidiasmi_1.txt',
  'ascii_2.txt',
];

it('a mixed folder of several tools is titled by its inputs and labels no run "all"', async (t) => {
  if (!fs.existsSync(OTHER_TOOLS)) return t.skip(`${OTHER_TOOLS} is absent`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-mixed-'));
  for (const f of MIXED) fs.copyFileSync(path.join(OTHER_TOOLS, f), path.join(dir, f));
  const r = await memoryReport([dir]);
  const title = /^# (.*)$/m.exec(r.md)?.[1] ?? '';
  assert.equal(
    title,
    '7 runs from 5 tools: AIPerf, EvalScope, GenAI-Perf, SGLang bench and vLLM bench (Qwen3-0.6B, Qwen2.5-0.5B-Instruct)',
  );
  assert.doesNotMatch(title, / vs /);
  for (const name of r.files.filter((f) => f.endsWith('.svg'))) {
    const svg = r.text(path.relative(path.join(os.tmpdir(), 'bb-memory-report'), name));
    assert.doesNotMatch(svg, />all</, `${path.basename(name)} labels a group "all"`);
  }
});

it('a group without the keys shown names the key it lacks', () => {
  assert.equal(groupLabel({ model: 'Qwen3-0.6B' }, ['engine']), 'engine not named');
  assert.equal(groupLabel({}, ['model', 'concurrency']), 'model not named');
  assert.equal(groupLabel({ concurrency: 4 }, ['concurrency']), 'c=4');
  assert.equal(groupLabel({ engine: 'vllm' }, []), 'all runs');
});

it('the presets report names gpu-small as the best output tok/s with 676.10', async () => {
  const r = await memoryReport(['data/multi-gpu-presets-report.md']);
  const results = section(r.md, 'Results');
  assert.match(results, /^- Highest output tok\/s: DeepSeek-R1-Distill-Qwen-1\.5B · gpu-small \([^)]*\) with 676\.10 tok\/s; lowest: /m);
  assert.match(results, /^- Lowest latency mean: .* with 6\.49 s; highest: .* with 40\.79 s\.$/m);
});

it('a report of no run does not say every run passed', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-none-'));
  fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nNothing was run.\n');
  const r = await memoryReport([dir]);
  assert.doesNotMatch(r.md, /Every run passed/);
  assert.match(section(r.md, 'Checks'), /No run was read, so no consistency check ran\./);
});
