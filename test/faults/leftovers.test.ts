/**
 * What a process killed with SIGKILL leaves behind: `parse --out`'s `.FILE.PID.….tmp` and the
 * CSV spool's `benchbook-csv-PID-…` are removed by the next run when PID is gone (a running
 * one's are kept); `notebook serve`'s Jupyter ends when benchbook is killed.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { OutputFile } from '../../src/cli/output-file';
import { RunsCsvSpool } from '../../src/cli/runs-csv-spool';
import { jupyterPython } from '../../src/notebook/run-notebook';
import { freePort } from '../helpers/notebook-server';
import { BIN } from './fault-helpers';

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('stale temporary files of a dead pid', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-left-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parse --out: the next OutputFile removes a dead run’s temporary file, keeps a live one’s and other files', () => {
    const dead = deadPid();
    const names = [`.p.jsonl.${dead}.lx2k3.tmp`, `.p.jsonl.${process.pid}.lx2k4.tmp`, `.p.jsonl.${dead}.notes`, 'p.jsonl'];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    const file = new OutputFile(path.join(dir, 'p.jsonl'));
    file.discard();
    assert.deepEqual(fs.readdirSync(dir).sort(), names.slice(1).sort());
  });

  it('the CSV spool: a dead run’s spool folder is removed, a live one’s kept', () => {
    const dead = deadPid();
    fs.mkdirSync(path.join(dir, `benchbook-csv-${dead}-Ab3dEf`));
    fs.mkdirSync(path.join(dir, `benchbook-csv-${process.pid}-Zz9yXw`));
    const spool = RunsCsvSpool.create(dir);
    const during = fs.readdirSync(dir).sort();
    spool.dispose();
    assert.ok(!during.includes(`benchbook-csv-${dead}-Ab3dEf`), during.join(', '));
    assert.deepEqual(fs.readdirSync(dir), [`benchbook-csv-${process.pid}-Zz9yXw`]);
  });
});

describe('notebook serve', () => {
  const hasJupyter = spawnSync(jupyterPython(), ['-c', 'import notebook'], { stdio: 'ignore' }).status === 0;
  it('Jupyter stops listening when benchbook is killed with SIGKILL', { skip: hasJupyter ? false : 'no Jupyter Notebook' }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-nb-'));
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'notebook', 'serve', dir, '--port', String(port)], { stdio: 'ignore' });
    const answers = async (): Promise<boolean> => {
      try {
        await fetch(`http://127.0.0.1:${port}/api/status`);
        return true;
      } catch {
        return false;
      }
    };
    try {
      let up = false;
      for (const end = Date.now() + 90_000; !up && Date.now() < end; ) {
        up = await answers();
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(up, 'Jupyter answered');
      child.kill('SIGKILL');
      let down = false;
      for (const end = Date.now() + 15_000; !down && Date.now() < end; ) {
        down = !(await answers());
        if (!down) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(down, 'Jupyter still listening 15 s after benchbook was killed');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
