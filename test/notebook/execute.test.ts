/**
 * Executes every notebook in notebooks/ through runNotebook (the code path of
 * `benchbook notebook run`), one after the other, against the built library in dist/.
 * Skipped with a message where Jupyter is not installed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { type Notebook, type NotebookOutput, readNotebook } from '../../src/notebook/notebook-file';
import { jupyterPython, runNotebook } from '../../src/notebook/run-notebook';
import { REPO_ROOT } from '../helpers/golden';

const NOTEBOOKS = path.join(REPO_ROOT, 'notebooks');

function jupyterMissing(): string | undefined {
  const r = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `jupyter nbconvert not available (${jupyterPython()}): notebooks not executed`;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function outputs(nb: Notebook): NotebookOutput[] {
  return nb.cells.flatMap((c) => c.outputs ?? []);
}

function mimeTypes(nb: Notebook): Set<string> {
  return new Set(outputs(nb).flatMap((o) => Object.keys(o.data ?? {})));
}

/** Every text the notebook printed or displayed (streams, text/plain, text/markdown, text/html). */
function allText(nb: Notebook): string {
  return outputs(nb)
    .map((o) => {
      const parts: unknown[] = [o.text, o.data?.['text/plain'], o.data?.['text/markdown'], o.data?.['text/html']];
      return parts.map((p) => (Array.isArray(p) ? p.join('') : typeof p === 'string' ? p : '')).join('\n');
    })
    .join('\n');
}

/** What each notebook must show, beyond running without error. */
const EXPECT: Record<string, (nb: Notebook) => void> = {
  '01-': (nb) => {
    assert.match(allText(nb), /a10-sglang-vllm-tp2-vs-tp4\.md:\d+/, 'shows run ids of the sample logs');
    assert.match(allText(nb), /throughput_rps|output_tps/, 'shows metric columns');
  },
  '02-': (nb) => {
    assert.match(allText(nb), /[1-9]\d* scaling comparisons on throughput_rps/, 'finds scaling comparisons');
    const mimes = mimeTypes(nb);
    assert.ok(
      mimes.has('image/svg+xml') || [...mimes].some((m) => m.startsWith('application/vnd.vegalite')),
      `a chart output; got ${[...mimes].join(', ')}`,
    );
    assert.match(allText(nb), /sglang/i);
    assert.match(allText(nb), /vllm/i);
  },
  '03-': (nb) => {
    assert.match(allText(nb), /parallelism by strategy/, 'a pipeline-vs-tensor comparison table');
    assert.ok(mimeTypes(nb).has('image/svg+xml'), 'a chart');
  },
  '04-': (nb) => {
    assert.match(allText(nb), /mode by mode/, 'a think-vs-no-think comparison table');
    assert.match(allText(nb), /native API/, 'an OpenAI-vs-native comparison');
    assert.match(allText(nb), /[1-9]\d* blocked pairs/, 'blocked pairs explained');
  },
  '05-': (nb) => {
    assert.match(allText(nb), /^# A10 and multi-GPU serving benchmarks/m, 'shows the report Markdown, titled by the parameter');
    assert.match(allText(nb), /report\.md/, 'lists the files written');
    assert.match(allText(nb), /^## Answers/m, 'the report opens with its answers');
    assert.ok(mimeTypes(nb).has('image/svg+xml'), 'shows a chart of the report');
  },
};

test('every notebook in notebooks/ executes and shows what it promises', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const distIndex = path.join(REPO_ROOT, 'dist', 'index.js');
  assert.ok(fs.existsSync(distIndex), 'dist/index.js missing: build first (npm run build)');
  assert.ok(
    newestMtime(path.join(REPO_ROOT, 'dist')) >= newestMtime(path.join(REPO_ROOT, 'src')),
    'dist/ is older than src/: rebuild (npm run build) so the notebooks test the current code',
  );
  const files = fs
    .readdirSync(NOTEBOOKS)
    .filter((f) => f.endsWith('.ipynb'))
    .sort();
  assert.ok(files.length >= 5, `expected five notebooks, found ${files.length}`);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-notebooks-'));
  const started = Date.now();
  for (const f of files) {
    await t.test(f, async () => {
      const t0 = Date.now();
      const { out } = await runNotebook(path.join(NOTEBOOKS, f), { out: path.join(outDir, f), timeoutSec: 300 });
      const nb = readNotebook(out);
      assert.ok(outputs(nb).length > 0, `${f} produced no output`);
      assert.doesNotMatch(
        allText(nb),
        /TensorFlow\.js in Node\.js|tfjs-node/,
        `${f}: the danfojs/TensorFlow notice leaked into the outputs`,
      );
      const expect = Object.entries(EXPECT).find(([prefix]) => f.startsWith(prefix))?.[1];
      expect?.(nb);
      t.diagnostic(`${f}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
  }
  t.diagnostic(`all notebooks: ${((Date.now() - started) / 1000).toFixed(1)} s; executed copies in ${outDir}`);
});
