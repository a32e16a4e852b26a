/**
 * Plain TypeScript across cells, through the real kernel (`runNotebook`, as `benchbook
 * notebook run`): shorthand properties of earlier cells' names, destructuring, a const
 * declared again, top-level await, type-only and namespace imports. The same notebook on
 * tslab's own kernel fails at the first shorthand (the bug the launcher fixes), so this test
 * fails without the fix. Skipped where Jupyter is not installed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { installKernelSpec, KernelSpecExistsError } from '../../src/notebook/install-kernel';
import { type Notebook, readNotebook } from '../../src/notebook/notebook-file';
import { jupyterPython, NotebookExecutionError, runNotebook } from '../../src/notebook/run-notebook';

const NOTEBOOK = path.join(__dirname, '..', 'fixtures', 'notebook', 'cross-cell.ipynb');

function jupyterMissing(): string | undefined {
  const r = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `jupyter nbconvert not available (${jupyterPython()}): kernel not run`;
}

function stdoutOf(nb: Notebook): string {
  return nb.cells
    .flatMap((c) => c.outputs ?? [])
    .filter((o) => o.output_type === 'stream' && o.name === 'stdout')
    .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
    .join('');
}

test('cross-cell idioms run on benchbook’s kernel, each cell numbered', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-cross-cell-'));
  try {
    const { out } = await runNotebook(NOTEBOOK, { out: path.join(dir, 'out.ipynb'), timeoutSec: 300 });
    const nb = readNotebook(out);
    assert.equal(
      stdoutOf(nb),
      [
        '{"metric":"throughput_rps"}',
        '{"a":1,"c":2,"x":2,"y":1,"z":5,"w":10}',
        '{"w":7}',
        'TWO',
        '{"v":5,"twice":10}',
        '{"kind":"run","sep":"/","four":4}',
        '',
      ].join('\n'),
    );
    const counts = nb.cells.filter((c) => c.cell_type === 'code').map((c) => c.execution_count);
    assert.deepEqual(
      counts,
      counts.map((_, i) => i + 1),
      'executed notebooks carry execution counts',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('without the launcher (tslab’s own kernel) the first shorthand fails', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-plain-tslab-'));
  const saved = process.env.JUPYTER_PATH;
  try {
    const kernelDir = path.join(dir, 'kernels', 'tslab-unpatched');
    fs.mkdirSync(kernelDir, { recursive: true });
    const tslabBin = path.join(path.dirname(require.resolve('tslab/package.json')), 'bin', 'tslab');
    const spec = {
      argv: [process.execPath, tslabBin, 'kernel', '--config-path', '{connection_file}'],
      display_name: 'tslab',
      language: 'typescript',
    };
    fs.writeFileSync(path.join(kernelDir, 'kernel.json'), JSON.stringify(spec));
    process.env.JUPYTER_PATH = dir;
    await assert.rejects(
      runNotebook(NOTEBOOK, { out: path.join(dir, 'out.ipynb'), kernel: 'tslab-unpatched', timeoutSec: 300 }),
      (e: Error) => {
        assert.ok(e instanceof NotebookExecutionError);
        assert.equal(e.cell, 3, 'the cell with { metric }');
        assert.match(e.message, /ReferenceError: metric is not defined/);
        return true;
      },
    );
  } finally {
    if (saved === undefined) delete process.env.JUPYTER_PATH;
    else process.env.JUPYTER_PATH = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a Jupyter started by hand runs the same idioms once `notebook install-kernel` wrote the user spec', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-install-kernel-'));
  try {
    const dataDir = path.join(dir, 'data');
    const first = installKernelSpec(dataDir);
    assert.equal(first.replaced, false);
    assert.equal(installKernelSpec(dataDir).replaced, true, 'its own spec is rewritten');
    fs.writeFileSync(first.file, '{"argv": ["tslab"], "display_name": "other"}');
    assert.throws(() => installKernelSpec(dataDir), KernelSpecExistsError, 'a spec benchbook did not write is kept');
    installKernelSpec(dataDir, { force: true });
    const out = path.join(dir, 'out.ipynb');
    const { JUPYTER_PATH: _drop, ...env } = process.env;
    // Plain nbconvert, as a user would run it: only the user data folder says which tslab to start.
    const r = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--to', 'notebook', '--execute', NOTEBOOK, '--output', out], {
      encoding: 'utf8',
      env: { ...env, JUPYTER_DATA_DIR: dataDir, PYDEVD_DISABLE_FILE_VALIDATION: '1' },
      timeout: 300_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(stdoutOf(readNotebook(out)), /^\{"metric":"throughput_rps"\}\n/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
