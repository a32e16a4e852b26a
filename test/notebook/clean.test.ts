import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { clearOutputs, notebookOutputProblems } from '../../src/notebook/clear-outputs';
import { readNotebook } from '../../src/notebook/notebook-file';
import { REPO_ROOT } from '../helpers/golden';

const NOTEBOOKS = path.join(REPO_ROOT, 'notebooks');

function committedNotebooks(): string[] {
  if (!fs.existsSync(NOTEBOOKS)) return [];
  return fs
    .readdirSync(NOTEBOOKS)
    .filter((f) => f.endsWith('.ipynb'))
    .sort()
    .map((f) => path.join(NOTEBOOKS, f));
}

test('notebooks/ holds the five numbered notebooks', () => {
  const names = committedNotebooks().map((f) => path.basename(f));
  assert.equal(names.length, 5, `found ${names.join(', ')}`);
  for (const [i, n] of names.entries()) assert.ok(n.startsWith(`0${i + 1}-`), `${n} is not numbered 0${i + 1}-`);
});

test('committed notebooks hold no outputs or execution counts (clear them with clearNotebookFile)', () => {
  for (const file of committedNotebooks()) {
    assert.deepEqual(
      notebookOutputProblems(readNotebook(file)),
      [],
      `${path.relative(REPO_ROOT, file)} must be committed with outputs cleared`,
    );
  }
});

test('every notebook has a parameters cell and imports only the built library', () => {
  for (const file of committedNotebooks()) {
    const nb = readNotebook(file);
    const rel = path.relative(REPO_ROOT, file);
    assert.ok(
      nb.cells.some((c) => c.metadata.tags?.includes('parameters')),
      `${rel} has no cell tagged parameters`,
    );
    assert.ok(
      !nb.cells.some((c) => c.metadata.tags?.includes('injected-parameters')),
      `${rel} holds an injected-parameters cell (an executed copy?)`,
    );
    for (const c of nb.cells) {
      const src = Array.isArray(c.source) ? c.source.join('') : c.source;
      for (const m of src.matchAll(/from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const spec = m[1] ?? m[2] ?? '';
        assert.ok(!spec.includes('/src/') && !spec.startsWith('../src'), `${rel} imports ${spec}: notebooks import ../dist/index`);
      }
    }
  }
});

test('clearOutputs empties outputs, nulls counts and drops timing metadata', () => {
  const dirty = {
    cells: [
      { cell_type: 'markdown' as const, source: '# x', metadata: {} },
      {
        cell_type: 'code' as const,
        source: '1',
        metadata: { tags: ['parameters'], execution: { 'iopub.status.idle': 't' } },
        outputs: [{ output_type: 'stream', name: 'stdout', text: '1' }],
        execution_count: 4,
      },
    ],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  };
  assert.equal(notebookOutputProblems(dirty).length, 3);
  const clean = clearOutputs(dirty);
  assert.deepEqual(notebookOutputProblems(clean), []);
  assert.deepEqual(clean.cells[1], {
    cell_type: 'code',
    source: '1',
    metadata: { tags: ['parameters'] },
    outputs: [],
    execution_count: null,
  });
  assert.equal(clean.cells[0], dirty.cells[0]);
});
