/**
 * `report --out DIR` whole or not at all (src/cli/report-output.ts), in process: the lock, the
 * stale leftovers of a dead run, the commit into a new and an existing folder (a user's files
 * kept, an earlier report's files removed only as its manifest lists them), and a write error
 * through the effects interface leaving the old report as it was.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildReport } from '../../src/build';
import { ReportOutput } from '../../src/cli/report-output';
import { BenchbookError } from '../../src/model/diagnostics';
import { REPORT_MANIFEST } from '../../src/model/report-manifest';
import { diskEffects, type ReportEffects } from '../../src/report/build-report';
import { REPO_ROOT } from '../helpers/golden';
import { folderSnapshot } from './fault-helpers';

const SAMPLE = path.join(REPO_ROOT, 'data', 'a10-sglang-dp2-vllm.md');

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('ReportOutput', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-out-'));
    out = path.join(dir, 'rep');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses an --out that is a file before any work, with one line', async () => {
    fs.writeFileSync(out, 'mine');
    await assert.rejects(
      ReportOutput.open(out),
      (err: Error) => err instanceof BenchbookError && err.code === 'io-error' && /is a file, not a folder/.test(err.diagnostic.message),
    );
    assert.equal(fs.readFileSync(out, 'utf8'), 'mine');
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('lets one run hold --out: a second refuses after waiting, and gets it once the first is done', async () => {
    const first = await ReportOutput.open(out);
    await assert.rejects(
      ReportOutput.open(out, { lockWaitMs: 150 }),
      (err: Error) =>
        err instanceof BenchbookError && err.diagnostic.message.includes(`pid ${process.pid}`) && !err.diagnostic.message.includes('\n'),
    );
    setTimeout(() => first.discard(), 100);
    const second = await ReportOutput.open(out, { lockWaitMs: 3000 });
    second.discard();
    assert.deepEqual(fs.readdirSync(dir), [], 'lock and temporary folders gone');
  });

  it('takes over the lock of a dead pid with a warning, and removes its temporary folder', async () => {
    const dead = deadPid();
    fs.writeFileSync(path.join(dir, '.rep.benchbook-lock'), `${dead}\n`);
    fs.mkdirSync(path.join(dir, `.rep.benchbook-tmp-${dead}`));
    fs.writeFileSync(path.join(dir, `.rep.benchbook-tmp-${dead}`, 'runs.csv'), 'half a fi');
    const warnings: string[] = [];
    const output = await ReportOutput.open(out, { warn: (l) => warnings.push(l) });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, new RegExp(`lock of pid ${dead}, which is no longer running`));
    assert.ok(!fs.existsSync(path.join(dir, `.rep.benchbook-tmp-${dead}`)));
    output.discard();
  });

  it('takes over a lock that holds no pid (an old, damaged file), and waits on an empty one just made', async () => {
    const lock = path.join(dir, '.rep.benchbook-lock');
    fs.writeFileSync(lock, 'not a pid');
    const warnings: string[] = [];
    const output = await ReportOutput.open(out, { warn: (l) => warnings.push(l) });
    assert.deepEqual(warnings, [`benchbook: ${out}: taking over the lock of pid ?, which is no longer running`]);
    output.discard();
    fs.writeFileSync(lock, '');
    await assert.rejects(ReportOutput.open(out, { lockWaitMs: 100 }), /being written by another benchbook report \(pid \?\)/);
    assert.equal(fs.readFileSync(lock, 'utf8'), '', 'a lock being made is left to its maker');
  });

  it('puts a new folder in place whole, with a manifest of its files', async () => {
    const output = await ReportOutput.open(out);
    const result = await buildReport([SAMPLE], { out, effects: output.effects(diskEffects) });
    assert.ok(!fs.existsSync(out), 'nothing under the final name before commit');
    output.commit(result.files);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, REPORT_MANIFEST), 'utf8'));
    assert.deepEqual(
      manifest.files,
      result.files.map((f) => path.relative(out, f)),
    );
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('replaces an earlier report: its files this run does not write go, a user file and a forged manifest entry stay', async () => {
    fs.mkdirSync(path.join(out, 'charts'), { recursive: true });
    for (const f of ['report.md', 'report.pdf', 'charts/old-chart.svg', 'notes.txt']) fs.writeFileSync(path.join(out, f), 'old');
    fs.writeFileSync(path.join(dir, 'victim.txt'), 'not ours');
    fs.writeFileSync(
      path.join(out, REPORT_MANIFEST),
      JSON.stringify({
        generator: 'benchbook',
        files: ['report.md', 'report.pdf', 'charts/old-chart.svg', '../victim.txt', '/etc/hostname'],
      }),
    );
    const output = await ReportOutput.open(out);
    const result = await buildReport([SAMPLE], { out, effects: output.effects(diskEffects) });
    output.commit(result.files);
    assert.ok(!fs.existsSync(path.join(out, 'report.pdf')), 'old report.pdf removed');
    assert.ok(!fs.existsSync(path.join(out, 'charts', 'old-chart.svg')), 'old chart removed');
    assert.equal(fs.readFileSync(path.join(out, 'notes.txt'), 'utf8'), 'old', "the user's file is kept");
    assert.equal(fs.readFileSync(path.join(dir, 'victim.txt'), 'utf8'), 'not ours', 'a manifest entry outside --out is ignored');
    assert.notEqual(fs.readFileSync(path.join(out, 'report.md'), 'utf8'), 'old');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['rep', 'victim.txt']);
  });

  it('a write error half-way (a full disk, stubbed) leaves the old report as it was and no temporary files', async () => {
    const first = await ReportOutput.open(out);
    first.commit((await buildReport([SAMPLE], { out, effects: first.effects(diskEffects) })).files);
    const before = folderSnapshot(out);
    let writes = 0;
    const full: ReportEffects = {
      ...diskEffects,
      async writeFile(file, data) {
        if (++writes > 3) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
        await diskEffects.writeFile(file, data);
      },
    };
    const output = await ReportOutput.open(out);
    await assert.rejects(buildReport([SAMPLE], { out, effects: output.effects(full) }), /ENOSPC/);
    output.discard();
    assert.ok(writes > 3, 'the stub was reached');
    assert.deepEqual(folderSnapshot(out), before);
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });
});
