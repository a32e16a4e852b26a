/**
 * What goes wrong with workers: a worker that throws, exits or runs out of memory costs its
 * file an `io-error` naming it, and the other files are read as with `--jobs 1`; a stop signal
 * ends the run without waiting for the rest; results waiting for an earlier file stay within
 * the window.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FolderRead } from '../../src/ingest/folder-read';
import { parseInParallel, WINDOW_PER_JOB } from '../../src/ingest/parallel/parse-in-parallel';
import { expandPath, type ParsePathsOptions } from '../../src/ingest/parse-paths';
import { REPO_ROOT } from '../helpers/golden';
import { folderOf, parsedLines } from './helpers/folders';

const DATA = path.join(REPO_ROOT, 'data');
const FAILING_WORKER = path.join(__dirname, 'helpers', 'failing-worker.ts');

function dataFile(name: string): string {
  return path.join(DATA, name);
}

/** parseInParallel over `dir` with the given worker, records as JSON lines. */
async function inParallel(dir: string, jobs: number, extra: { workerFile?: string; opts?: ParsePathsOptions } = {}) {
  const diagnostics: FolderRead['diagnostics'] = [];
  const files = expandPath(dir, diagnostics);
  const sizes = files.map((f) => fs.statSync(f).size);
  const lines: string[] = [];
  const folder = new FolderRead(files, sizes, { onRecord: (r) => lines.push(JSON.stringify(r)), ...extra.opts }, diagnostics);
  await parseInParallel(folder, {
    jobs,
    ...(extra.workerFile ? { workerFile: extra.workerFile } : {}),
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  return { lines, diagnostics };
}

test('a worker that throws, exits or runs out of memory: an io-error with the path, the other files go on', async () => {
  const report = dataFile('vllm-4-replica-load-report.md'); // prose: no runs of its own
  const dir = folderOf([
    dataFile('a10-sglang-dp2-vllm.md'),
    report,
    dataFile('qwen3-4b-think-openai-vs-native.md'),
    report,
    dataFile('multi-gpu-presets-report.md'),
    report,
  ]);
  try {
    // The copies of the report become the files whose worker fails, one way each.
    const ways = ['throws', 'exits', 'hogs'];
    const failed = fs
      .readdirSync(dir)
      .sort()
      .filter((n) => n.includes('replica'))
      .map((n, i) => {
        const to = path.join(dir, n.replace('vllm-4-replica', ways[i] as string));
        fs.renameSync(path.join(dir, n), to);
        return to;
      });
    const one = await parsedLines([dir], { jobs: 1 });
    const got = await inParallel(dir, 2, { workerFile: FAILING_WORKER });
    const errors = got.diagnostics.filter((d) => d.code === 'io-error');
    assert.deepEqual(
      errors.map((d) => [d.file, d.severity]),
      failed.map((f) => [f, 'error']),
    );
    assert.match(errors[0]?.message ?? '', /worker .*failed.*injected failure/);
    assert.match(errors[1]?.message ?? '', /exited with code: 7/);
    assert.match(errors[2]?.message ?? '', /memory/);
    // Everything else is what --jobs 1 gives.
    assert.deepEqual(got.lines, one.lines);
    const others = (ds: typeof errors) => ds.filter((d) => !failed.includes(d.file ?? ''));
    assert.deepEqual(others(got.diagnostics), others(one.diagnostics));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a stop signal ends the run early: nothing after it is handed on, and the pool goes', async () => {
  const data = fs.readdirSync(DATA).map(dataFile);
  const dir = folderOf([...data, ...data, ...data, ...data]);
  try {
    const stop = new AbortController();
    let handed = 0;
    await inParallel(dir, 2, {
      opts: {
        signal: stop.signal,
        onRecord: () => {
          handed++;
          if (handed === 30) stop.abort('enough');
        },
      },
    });
    const all = await parsedLines([dir], { jobs: 1 });
    // The file being handed on when the signal came is finished (as with --jobs 1), no other.
    const perFile = new Map<string, number>();
    for (const l of all.lines) {
      const file = JSON.parse(l).source.file as string;
      perFile.set(file, (perFile.get(file) ?? 0) + 1);
    }
    assert.ok(handed >= 30 && handed < 30 + Math.max(...perFile.values()), `${handed} of ${all.lines.length} handed on`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('results waiting for an earlier file stay within the window (WINDOW_PER_JOB files per job)', async () => {
  const data = fs.readdirSync(DATA).map(dataFile);
  const dir = folderOf(Array.from({ length: 8 }, () => data).flat());
  try {
    let given = 0;
    let handedFiles = 0;
    let most = 0;
    await inParallel(dir, 2, {
      opts: {
        onFile: () => {
          given++;
          most = Math.max(most, given - handedFiles);
        },
        onRecord: () => {},
        // Asked once per file handed on. A slow consumer: the next file waits a little.
        whenReady: () => {
          handedFiles++;
          return new Promise((resolve) => setTimeout(resolve, 5));
        },
      },
    });
    assert.equal(given, 40);
    assert.ok(most <= WINDOW_PER_JOB * 2, `at most ${most} files given out ahead of the consumer`);
    assert.ok(most > 2, 'files were given out ahead (the window is used)');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
