/**
 * Issue 30: every temporary folder a notebook run makes is removed, also when a cell fails;
 * a folder left by a run killed with SIGKILL (its pid gone) is removed by the next run.
 * Each test points TMPDIR at a folder of its own, so that other runs on the machine do not count.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { STALE_AFTER_MS } from '../../src/model/stale-leftovers';
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

test('the Jupyter folder carries the pid; folders of dead pids and old pid-less ones are swept, the others kept', async () => {
  const dead = `${JUPYTER_DIR_PREFIX}${deadPid()}-AbC123`;
  const live = `${JUPYTER_DIR_PREFIX}${process.ppid}-XyZ789`;
  const other = `${JUPYTER_DIR_PREFIX}notapid`;
  // Before the pid naming: `benchbook-jupyter-XXXXXX`, removed once a day old.
  const oldPidless = `${JUPYTER_DIR_PREFIX}Ab12Cd`;
  const youngPidless = `${JUPYTER_DIR_PREFIX}Ef34Gh`;
  let made = '';
  const left = await inPrivateTmp((tmp) => {
    for (const name of [dead, live, other, oldPidless, youngPidless]) fs.mkdirSync(path.join(tmp, name, 'kernels'), { recursive: true });
    const dayAndMinute = (Date.now() - STALE_AFTER_MS - 60_000) / 1000;
    fs.utimesSync(path.join(tmp, oldPidless), dayAndMinute, dayAndMinute);
    const dir = prepareJupyterDir();
    made = path.basename(dir.path);
    assert.match(made, new RegExp(`^${JUPYTER_DIR_PREFIX}${process.pid}-[A-Za-z0-9]{6}$`));
    assert.ok(fs.existsSync(path.join(dir.path, 'kernels', 'tslab', 'kernel.json')));
    dir.remove();
  });
  assert.deepEqual(left, [other, live, youngPidless].sort(), 'the dead pid’s, the old pid-less and our own are gone');
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

/** Processes (not zombies) whose command line names `text`. */
function processesNaming(text: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

async function waitFor(what: string, ok: () => boolean, ms: number): Promise<void> {
  for (const until = Date.now() + ms; !ok(); await sleep(100)) if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
}

test('SIGTERM to `notebook run` during a cell ends the kernel and leaves no temporary folder', async (t) => {
  const probe = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return t.skip(`jupyter nbconvert not available (${jupyterPython()})`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nb-out-'));
  const marker = path.join(out, 'kernel.pid');
  try {
    const left = await inPrivateTmp(async (tmp) => {
      const cli = path.join(__dirname, '..', '..', 'bin', 'benchbook.js');
      const args = [
        cli,
        'notebook',
        'run',
        path.join(FIXTURES, 'waits.ipynb'),
        '-p',
        `marker=${marker}`,
        '--out',
        path.join(out, 'x.ipynb'),
      ];
      const run = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, TMPDIR: tmp } });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => run.on('exit', (_code, signal) => resolve(signal)));
      // The cell has started (it wrote the kernel's pid) and now waits two minutes.
      await waitFor('the waiting cell', () => fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') !== '', 90_000);
      const kernelPid = Number(fs.readFileSync(marker, 'utf8'));
      assert.ok(processesNaming(tmp).includes(kernelPid), 'the kernel runs with its connection file in the run’s folder');
      run.kill('SIGTERM');
      assert.equal(await exited, 'SIGTERM', 'the run ends as the signal says');
      await waitFor('the kernel to end', () => processesNaming(tmp).length === 0, 5000);
    });
    assert.deepEqual(left, [], 'no benchbook-jupyter-* left');
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
