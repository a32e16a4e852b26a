import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { clearNotebookFile, notebookOutputProblems } from '../../src/notebook/clear-outputs';
import { cellSource, readNotebook } from '../../src/notebook/notebook-file';
import { declaredParameters, injectParameters, NotebookParameterError, parseParameterArgs } from '../../src/notebook/parameters';
import { jupyterPython, NotebookExecutionError, runNotebook } from '../../src/notebook/run-notebook';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'notebook');

function jupyterMissing(): string | undefined {
  const r = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `jupyter nbconvert not available (${jupyterPython()}): notebook execution skipped`;
}

test('declaredParameters reads the let lines of the parameters cell, with kinds', () => {
  const nb = readNotebook(path.join(FIXTURES, 'params.ipynb'));
  assert.deepEqual(declaredParameters(nb), [
    { name: 'greeting', kind: 'string', default: "'hello'", path: false },
    { name: 'count', kind: 'number', default: '2', path: false },
    { name: 'loud', kind: 'boolean', default: 'false', path: false },
  ]);
});

test('injectParameters adds an injected-parameters cell right after the parameters cell', () => {
  const nb = readNotebook(path.join(FIXTURES, 'params.ipynb'));
  // CLI values arrive as strings: number and boolean defaults coerce them.
  const out = injectParameters(nb, { count: '5', greeting: 'it\'s "quoted"', loud: 'true' });
  assert.equal(out.cells.length, nb.cells.length + 1);
  const cell = out.cells[2]!;
  assert.deepEqual(cell.metadata.tags, ['injected-parameters']);
  assert.equal(
    cellSource(cell),
    '// Parameters injected by benchbook notebook run\n{\n  greeting = "it\'s \\"quoted\\"";\n  count = 5;\n  loud = true;\n}',
  );
  assert.equal(out.cells[1], nb.cells[1], 'the parameters cell itself is unchanged');
  // Injecting again replaces the earlier injected cell instead of stacking a second one.
  const again = injectParameters(out, { count: 7 });
  assert.equal(again.cells.filter((c) => c.metadata.tags?.includes('injected-parameters')).length, 1);
  assert.match(cellSource(again.cells[2]!), /count = 7;/);
});

test('a number or boolean given for a string parameter becomes a string', () => {
  const nb = readNotebook(path.join(FIXTURES, 'params.ipynb'));
  assert.match(cellSource(injectParameters(nb, { greeting: 2024 }).cells[2]!), /greeting = "2024";/);
  assert.match(cellSource(injectParameters(nb, { greeting: true }).cells[2]!), /greeting = "true";/);
});

test('a string that is not a number stays a string (with --type-check, the kernel reports the type error)', () => {
  const nb = readNotebook(path.join(FIXTURES, 'params.ipynb'));
  assert.match(cellSource(injectParameters(nb, { count: 'many' }).cells[2]!), /count = "many";/);
});

test('unknown and invalid parameter names are rejected, listing the known ones', () => {
  const nb = readNotebook(path.join(FIXTURES, 'params.ipynb'));
  assert.throws(
    () => injectParameters(nb, { colour: 'red' }),
    (e: Error) => {
      assert.ok(e instanceof NotebookParameterError);
      assert.match(e.message, /unknown parameter colour; known: greeting, count, loud/);
      return true;
    },
  );
  assert.throws(() => injectParameters(nb, { 'a-b': 1 }), /invalid parameter name "a-b"/);
  assert.throws(() => injectParameters(nb, { __proto__x: 1 }), /unknown parameter __proto__x/);
});

test('parseParameterArgs splits name=value at the first =', () => {
  assert.deepEqual({ ...parseParameterArgs(['a=1', 'url=http://x/?q=1']) }, { a: '1', url: 'http://x/?q=1' });
  assert.throws(() => parseParameterArgs(['novalue']), /not name=value/);
});

test('runNotebook executes with injected parameters and writes the executed notebook', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nb-'));
  try {
    const out = path.join(dir, 'params.executed.ipynb');
    const r = await runNotebook(path.join(FIXTURES, 'params.ipynb'), { params: { count: '3', loud: 'true' }, out });
    assert.equal(r.out, out);
    const executed = readNotebook(out);
    const text = executed.cells
      .flatMap((c) => c.outputs ?? [])
      .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
      .join('');
    // Only the notebook's own output: the injected cell echoes nothing.
    assert.equal(text, '{"msg":"HELLO x3","countType":"number"}\n');
    // An executed notebook is what clearNotebookFile is for.
    assert.ok(notebookOutputProblems(executed).length > 0);
    assert.equal(clearNotebookFile(out), true);
    assert.deepEqual(notebookOutputProblems(readNotebook(out)), []);
    assert.equal(clearNotebookFile(out), false, 'already clean: left untouched');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('runNotebook rejects with the failing cell and its error, and stops there', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nb-'));
  try {
    const out = path.join(dir, 'throws.executed.ipynb');
    await assert.rejects(runNotebook(path.join(FIXTURES, 'throws.ipynb'), { out }), (e: Error) => {
      assert.ok(e instanceof NotebookExecutionError);
      assert.equal(e.cell, 3);
      assert.equal(e.out, out);
      assert.match(e.message, /cell 3 failed/);
      assert.match(e.message, /deliberate failure in cell two/);
      return true;
    });
    // The partial notebook is still written, the cell after the failure not run.
    const executed = readNotebook(out);
    assert.deepEqual(executed.cells[3]!.outputs, []);
    // With a parameter that avoids the throw, the same notebook succeeds.
    await runNotebook(path.join(FIXTURES, 'throws.ipynb'), { out, params: { failAt: 'nowhere' } });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a type error stops a cell only when asked to type-check; a syntax error always does', async (t) => {
  const skip = jupyterMissing();
  if (skip) return t.skip(skip);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nb-'));
  try {
    const nb = path.join(FIXTURES, 'params.ipynb');
    const out = path.join(dir, 'x.ipynb');
    // `count = "many"` for a `let count = 2`: transpiled only, the cell runs with a string.
    await runNotebook(nb, { out, params: { count: 'many' } });
    const printed = (readNotebook(out).cells[3]?.outputs ?? [])
      .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
      .join('');
    assert.equal(printed, '{"msg":"hello xmany","countType":"string"}\n');
    await assert.rejects(
      runNotebook(nb, { out, params: { count: 'many' }, typeCheck: true }),
      /Type 'string' is not assignable to type 'number'/,
    );
    const broken = path.join(dir, 'broken.ipynb');
    const source = readNotebook(nb);
    source.cells.push({ cell_type: 'code', metadata: {}, source: 'const x = ;\n', outputs: [], execution_count: null });
    fs.writeFileSync(broken, JSON.stringify(source));
    await assert.rejects(
      runNotebook(broken, { out }),
      (e: Error) => e instanceof NotebookExecutionError && /Expression expected/.test(e.message),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
