/** Path parameters resolved from the caller's folder; the starter notebook's import and data path. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { importSpecifier, writeStarterNotebook } from '../../src/notebook/new-notebook';
import { cellSource, type Notebook, readNotebook, toSourceLines } from '../../src/notebook/notebook-file';
import { declaredParameters, resolvePathParameters } from '../../src/notebook/parameters';
import { REPO_ROOT } from '../helpers/golden';

function withParameters(source: string): Notebook {
  return {
    cells: [{ cell_type: 'code', metadata: { tags: ['parameters'] }, source: toSourceLines(source), outputs: [], execution_count: null }],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  };
}

test('path parameters: a default relative to the notebook, an absolute one, or a `// path` comment', () => {
  const nb = withParameters(
    [
      "let dataDir = '../data';",
      "let here = '.';",
      'let abs = "/var/log";',
      "let outDir = ''; // path (empty: a temporary folder)",
      "let logFile = 'qwen3.md';",
      "let title = 'Report';",
      'let count = 2;',
    ].join('\n'),
  );
  assert.deepEqual(
    declaredParameters(nb).map((d) => [d.name, d.path]),
    [
      ['dataDir', true],
      ['here', true],
      ['abs', true],
      ['outDir', true],
      ['logFile', false],
      ['title', false],
      ['count', false],
    ],
  );
  const from = '/home/me/project';
  assert.deepEqual(
    { ...resolvePathParameters(nb, { dataDir: 'logs', abs: '/x', outDir: '', logFile: 'a.md', title: 'T', count: 3 }, from) },
    { dataDir: '/home/me/project/logs', abs: '/x', outDir: '', logFile: 'a.md', title: 'T', count: 3 },
  );
});

test('the starter imports `benchbook` outside the package and the built index inside it', () => {
  assert.equal(importSpecifier(os.tmpdir()), 'benchbook');
  assert.equal(importSpecifier(path.join(REPO_ROOT, 'notebooks')), '../dist/index');
  assert.equal(importSpecifier(REPO_ROOT), './dist/index');
});

test('writeStarterNotebook: dataDir relative to the notebook, a parameters cell, never overwrites', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-new-'));
  try {
    fs.mkdirSync(path.join(dir, 'logs'));
    const cwd = process.cwd();
    process.chdir(dir);
    let r: ReturnType<typeof writeStarterNotebook>;
    try {
      r = writeStarterNotebook('nb/a.ipynb', { data: 'logs' });
    } finally {
      process.chdir(cwd);
    }
    assert.equal(fs.realpathSync(r.file), fs.realpathSync(path.join(dir, 'nb', 'a.ipynb')));
    assert.equal(r.importFrom, 'benchbook');
    assert.equal(r.resolves, false, 'nothing links benchbook into this folder');
    const nb = readNotebook(r.file);
    const params = nb.cells.find((c) => c.metadata.tags?.includes('parameters'))!;
    assert.equal(cellSource(params), 'let dataDir = "../logs";\nlet metric = \'throughput_rps\';');
    assert.deepEqual(
      declaredParameters(nb).map((d) => [d.name, d.path]),
      [
        ['dataDir', true],
        ['metric', false],
      ],
    );
    assert.ok(nb.cells.every((c) => c.cell_type !== 'code' || (c.outputs?.length === 0 && c.execution_count === null)));
    assert.throws(
      () => writeStarterNotebook(r.file),
      (e: NodeJS.ErrnoException) => e.code === 'EEXIST',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
