/**
 * Folders as they are: an iterative walk (a large tree), symlinks followed once, unreadable
 * entries reported while the rest is read, skipped entries counted, benchbook's own report
 * folders skipped.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mock, test } from 'node:test';
import { expandPath, parsePaths } from '../../src/ingest';
import type { Diagnostic } from '../../src/model/diagnostics';
import { REPORT_MANIFEST } from '../../src/model/report-manifest';
import { A10, A10_RUNS, runKeys, tempDir, withCode } from './helpers';

test('a subfolder of 130,000 files is listed whole (no recursion or argument spread to overflow)', (t) => {
  // The listing is the file system's (stubbed: making 130k files costs minutes on a busy disk).
  const dir = tempDir('many');
  try {
    const sub = path.join(dir, 'sub');
    fs.mkdirSync(sub);
    const n = 130_000;
    const names = Array.from({ length: n }, (_, k) => `f${String(k).padStart(6, '0')}.log`);
    const file = { isFile: () => true, isDirectory: () => false, isSymbolicLink: () => false };
    const readdir = fs.readdirSync;
    t.mock.method(fs, 'readdirSync', ((p: fs.PathLike, o?: unknown) => {
      if (String(p) === sub) return names.map((name) => ({ ...file, name }));
      return (readdir as (p: fs.PathLike, o?: unknown) => unknown)(p, o);
    }) as typeof fs.readdirSync);
    const diagnostics: Diagnostic[] = [];
    const files = expandPath(dir, diagnostics);
    assert.equal(files.length, n);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(
      files,
      names.map((f) => path.join(sub, f)),
      'sorted order',
    );
  } finally {
    mock.restoreAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a symlink loop and a second link to a file: every real file is read once', async () => {
  const dir = tempDir('loop');
  try {
    fs.mkdirSync(path.join(dir, 'a'));
    fs.copyFileSync(A10, path.join(dir, 'a', 'run.md'));
    fs.symlinkSync('..', path.join(dir, 'a', 'up')); // a/up → dir: a loop
    fs.symlinkSync(path.join(dir, 'a', 'run.md'), path.join(dir, 'b-link.md'));
    const res = await parsePaths([dir]);
    assert.equal(runKeys(res.records).length, A10_RUNS);
    assert.equal(withCode(res.diagnostics, 'duplicate-run').length, 0);
    const skipped = withCode(res.diagnostics, 'coverage').filter((d) => d.file === dir);
    assert.equal(skipped.length, 1);
    assert.match(skipped[0]?.message ?? '', /2 already read through another path/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an unreadable subfolder and an unreadable file are io-errors naming them; the rest is read', async (t) => {
  // Tests run as root, whom permissions do not stop: the file system says EACCES here instead.
  const dir = tempDir('eacces');
  try {
    for (const name of ['a', 'locked', 'z']) fs.mkdirSync(path.join(dir, name));
    fs.copyFileSync(A10, path.join(dir, 'a', 'one.md'));
    fs.copyFileSync(A10, path.join(dir, 'locked', 'hidden-from-us.md'));
    fs.writeFileSync(path.join(dir, 'z', 'secret.log'), 'not to be read\n');
    const locked = path.join(dir, 'locked');
    const secret = path.join(dir, 'z', 'secret.log');
    const eacces = (p: string): Error => Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES' });
    const readdir = fs.readdirSync;
    t.mock.method(fs, 'readdirSync', ((p: fs.PathLike, o?: unknown) => {
      if (String(p) === locked) throw eacces(locked);
      return (readdir as (p: fs.PathLike, o?: unknown) => unknown)(p, o);
    }) as typeof fs.readdirSync);
    const readFile = fs.readFileSync;
    t.mock.method(fs, 'readFileSync', ((p: fs.PathOrFileDescriptor, o?: unknown) => {
      if (String(p) === secret) throw eacces(secret);
      return (readFile as (p: fs.PathOrFileDescriptor, o?: unknown) => unknown)(p, o);
    }) as typeof fs.readFileSync);
    const res = await parsePaths([dir]);
    assert.equal(runKeys(res.records).length, A10_RUNS);
    const errors = withCode(res.diagnostics, 'io-error');
    assert.deepEqual(
      errors.map((d) => [d.severity, d.file]),
      [
        ['error', locked],
        ['error', secret],
      ],
    );
    assert.ok(errors.every((d) => d.message.includes('EACCES')));
  } finally {
    mock.restoreAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('skipped entries are counted once per folder given, by reason', () => {
  const dir = tempDir('skip');
  try {
    fs.writeFileSync(path.join(dir, 'run.log'), 'x\n');
    fs.writeFileSync(path.join(dir, '.hidden.log'), 'x\n');
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(path.join(dir, 'chart.png'), 'x');
    fs.writeFileSync(path.join(dir, 'logs.tar.gz'), 'x');
    fs.writeFileSync(path.join(dir, 'model.safetensors'), 'x');
    const diagnostics: Diagnostic[] = [];
    assert.deepEqual(expandPath(dir, diagnostics), [path.join(dir, 'run.log')]);
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, d.code, d.file, d.message]),
      [['info', 'coverage', dir, '5 entries of this folder not read: 2 hidden, 1 images and PDFs, 1 archives, 1 model and object files']],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a report folder inside the input (manifest, or the three files of an older report) is skipped with an info line', async () => {
  const dir = tempDir('report');
  try {
    fs.copyFileSync(A10, path.join(dir, 'a10.md'));
    const rep = path.join(dir, 'rep');
    fs.mkdirSync(rep);
    fs.writeFileSync(path.join(rep, REPORT_MANIFEST), '{}\n');
    fs.copyFileSync(A10, path.join(rep, 'copied.md'));
    const old = path.join(dir, 'old-report');
    fs.mkdirSync(old);
    for (const f of ['report.md', 'summary.json']) fs.writeFileSync(path.join(old, f), '{}\n');
    fs.copyFileSync(A10, path.join(old, 'runs.csv'));
    const res = await parsePaths([dir]);
    assert.equal(runKeys(res.records).length, A10_RUNS);
    const notes = res.diagnostics.filter((d) => /folder skipped: it is a benchbook report/.test(d.message));
    assert.deepEqual(
      notes.map((d) => [d.severity, d.file]),
      [
        ['info', old],
        ['info', rep],
      ],
    );
    // Given itself, a report folder is read: what it holds is what was asked for.
    const direct = await parsePaths([rep]);
    assert.equal(runKeys(direct.records).length, A10_RUNS);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
