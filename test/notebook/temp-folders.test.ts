/**
 * Issue 30: every temporary folder a notebook run makes is removed, also when a cell fails;
 * a folder left by a run killed with SIGKILL (its pid gone) is removed by the next run.
 * Each test points TMPDIR at a folder of its own, so that other runs on the machine do not count.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { JUPYTER_DIR_PREFIX, prepareJupyterDir } from '../../src/notebook/jupyter-dir';
import { jupyterPython, NotebookExecutionError, runNotebook } from '../../src/notebook/run-notebook';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'notebook');

/** Runs `fn` with os.tmpdir() (and the children's TMPDIR) at a new empty folder; returns what is left in it. */
async function inPrivateTmp(fn: (tmp: string) => Promise<void> | void): Promise<string[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-tmpdir-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    await fn(tmp);
    return fs.readdirSync(tmp).sort();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

test('the Jupyter folder carries the pid; folders of dead pids are swept, a live one is kept', async () => {
  const dead = `${JUPYTER_DIR_PREFIX}${deadPid()}-AbC123`;
  const live = `${JUPYTER_DIR_PREFIX}${process.ppid}-XyZ789`;
  const other = `${JUPYTER_DIR_PREFIX}notapid`;
  let made = '';
  const left = await inPrivateTmp((tmp) => {
    for (const name of [dead, live, other]) fs.mkdirSync(path.join(tmp, name, 'kernels'), { recursive: true });
    const dir = prepareJupyterDir();
    made = path.basename(dir.path);
    assert.match(made, new RegExp(`^${JUPYTER_DIR_PREFIX}${process.pid}-[A-Za-z0-9]{6}$`));
    assert.ok(fs.existsSync(path.join(dir.path, 'kernels', 'tslab', 'kernel.json')));
    dir.remove();
  });
  assert.deepEqual(left, [other, live].sort(), 'the dead pid’s folder and our own are gone; the others kept');
});

test('a notebook whose cell fails leaves no temporary folder behind', async (t) => {
  const probe = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return t.skip(`jupyter nbconvert not available (${jupyterPython()})`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nb-out-'));
  try {
    const left = await inPrivateTmp(async () => {
      await assert.rejects(runNotebook(path.join(FIXTURES, 'throws.ipynb'), { out: path.join(out, 'x.ipynb') }), (e: Error) => {
        assert.ok(e instanceof NotebookExecutionError);
        assert.equal(e.cell, 3);
        return true;
      });
    });
    assert.deepEqual(left, [], 'no benchbook-jupyter-* (nor a kernel connection file) left in the temp folder');
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
