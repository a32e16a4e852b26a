import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildReport } from '../../src/build';
import { chartFileNames, memoryEffects, outputPath, writeReport } from '../../src/report/build-report';
import { renderReport } from '../../src/report/render-report';
import { REPO_ROOT } from '../helpers/golden';
import { fixtureInput } from './fixture';

test('path safety: a figure name like ../../etc/x cannot leave the output directory', () => {
  assert.deepEqual(chartFileNames(['../../etc/x', 'etc-x', 'A B', '']), ['etc-x', 'etc-x-2', 'a-b', 'chart']);
  const out = path.join(os.tmpdir(), 'benchbook-out');
  assert.equal(outputPath(out, 'charts/etc-x.svg'), path.join(out, 'charts', 'etc-x.svg'));
  assert.throws(() => outputPath(out, '../../etc/x.svg'), /escapes the output directory/);
  assert.throws(() => outputPath(out, '/etc/passwd'), /escapes the output directory/);
  assert.throws(() => outputPath(out, '.'), /escapes the output directory/);
  assert.throws(() => outputPath(out, '../benchbook-out-sibling/x'), /escapes the output directory/);
  // In the report itself the link points at the sanitised name.
  const input = fixtureInput();
  input.figures = [{ name: '../../etc/x', title: 't', caption: 'c' }];
  const { markdown } = renderReport(input);
  assert.match(markdown, /!\[c\]\(charts\/etc-x\.svg\)/);
  assert.doesNotMatch(markdown, /\.\.\/\.\.\/etc/);
});

test('writeReport writes every file through the effects interface, inside out', async () => {
  const input = fixtureInput();
  const effects = memoryEffects();
  const out = path.join(os.tmpdir(), 'benchbook-mem-out');
  const res = await writeReport(
    { runs: input.runs, env: input.env, samples: [], diagnostics: input.diagnostics },
    { out, title: 'Fixture', effects },
  );
  assert.ok(!fs.existsSync(out), 'nothing written to disk');
  const names = [...effects.files.keys()].map((f) => path.relative(out, f));
  for (const n of ['report.md', 'report.html', 'runs.csv', 'summary.json']) assert.ok(names.includes(n), n);
  assert.ok(
    names.some((n) => /^charts\/[a-z0-9-]+\.svg$/.test(n)),
    'at least one chart',
  );
  for (const n of names) assert.ok(!n.startsWith('..') && !path.isAbsolute(n), n);
  assert.deepEqual(
    res.files.map((f) => path.relative(out, f)),
    names,
  );
  const summary = effects.files.get(path.join(out, 'summary.json'));
  assert.equal(typeof summary, 'string');
  assert.ok((summary as string).endsWith('}\n'));
  assert.equal(JSON.parse(summary as string).schema_version, 1);
  const md = effects.files.get(path.join(out, 'report.md')) as string;
  assert.match(md, /^# Fixture$/m);
  // Every chart the report links to was written.
  for (const m of md.matchAll(/\]\((charts\/[a-z0-9-]+\.svg)\)/g)) assert.ok(names.includes(m[1] ?? ''), m[1]);
});

test('determinism: the real pipeline twice into two directories gives identical bytes', async () => {
  const data = path.join(REPO_ROOT, 'data');
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-det-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-det-b-'))];
  try {
    const results = [];
    for (const out of dirs) results.push(await buildReport([data], { out, title: 'Sample data' }));
    const rel = (out: string, files: string[]) => files.map((f) => path.relative(out, f));
    const [a, b] = results;
    assert.ok(a && b);
    const filesA = rel(dirs[0] ?? '', a.files);
    assert.deepEqual(filesA, rel(dirs[1] ?? '', b.files));
    assert.ok(filesA.includes('report.md') && filesA.includes('summary.json') && filesA.includes('runs.csv'));
    assert.ok(a.summary.comparisons.length > 0, 'the sample data gives comparisons');
    for (const f of filesA) {
      const x = fs.readFileSync(path.join(dirs[0] ?? '', f));
      const y = fs.readFileSync(path.join(dirs[1] ?? '', f));
      assert.ok(x.equals(y), `${f} differs between two runs`);
    }
    const md = fs.readFileSync(path.join(dirs[0] ?? '', 'report.md'), 'utf8');
    assert.match(md, /^## Answers$/m);
    for (const csv of ['appendix-runs.csv', 'appendix-configurations.csv', 'appendix-comparisons.csv', 'appendix-checks.csv'])
      assert.ok(filesA.includes(csv), `${csv} written beside the report`);
    assert.doesNotMatch(md, /undefined|NaN/);
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
});

test('a YAML report config file filters runs before analysis and picks sections', async () => {
  const input = fixtureInput();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-cfg-'));
  try {
    const cfg = path.join(dir, 'report.yaml');
    fs.writeFileSync(cfg, 'sections: [answers, results]\nwhere:\n  engine: vllm\n  concurrency: 30\ncharts: false\nbogus: 1\n');
    const effects = memoryEffects();
    const out = path.join(dir, 'out');
    const res = await writeReport({ runs: input.runs, env: input.env, samples: [], diagnostics: [] }, { out, config: cfg, effects });
    const md = effects.files.get(path.join(out, 'report.md')) as string;
    assert.deepEqual(md.match(/^## .*/gm), ['## Answers', '## Results']);
    assert.match(
      md,
      /^1\. \*\*vLLM, 2 → 4 GPUs\*\* .*: throughput \+13\.9% at concurrency 30, max tokens 256, context 8,192 \(95% interval/m,
    );
    assert.equal(
      md.match(/^\| vLLM · Qwen7B-awq · tensor parallel · OpenAI API \| /gm)?.length,
      undefined,
      'the setup is said once above the table',
    );
    assert.equal(md.match(/^\| [24] \| 2 \| 1[13]\.\d\d \(/gm)?.length, 2, 'two configurations: 2 and 4 GPUs, two runs each');
    assert.ok(![...effects.files.keys()].some((f) => f.includes(`${path.sep}charts${path.sep}`)), 'charts: false draws none');
    assert.deepEqual(res.summary.configurations.flatMap((c) => c.runs).sort(), [
      'data/a10-sglang-vllm-tp2-vs-tp4.md:447',
      'data/a10-sglang-vllm-tp2-vs-tp4.md:477',
      'data/a10-sglang-vllm-tp2-vs-tp4.md:630',
      'data/a10-sglang-vllm-tp2-vs-tp4.md:660',
    ]);
    assert.ok(res.diagnostics.some((d) => d.code === 'usage' && /unknown report config key "bogus"/.test(d.message)));
    fs.writeFileSync(cfg, 'sections: [unclosed\n');
    await assert.rejects(
      writeReport({ runs: input.runs, env: [], samples: [], diagnostics: [] }, { out, config: cfg, effects }),
      /cannot read report config/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
