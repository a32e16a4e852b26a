/**
 * Dates and engine versions read from a file's path (src/ingest/context/path-facts.ts): the
 * readers on their own, then through parseLog, where a run's own log still wins.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { dateOfPath, engineVersionOfPath } from '../../src/ingest/context/path-facts';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

describe('dates in paths', () => {
  it('the nearest folder name holding a date, in the file name patterns', () => {
    assert.deepEqual(dateOfPath('nightly/vllm-0.8.4/2025-03-05/bench.log'), { value: '2025-03-05', source: 'folder name (2025-03-05)' });
    assert.deepEqual(dateOfPath('results/2025_03_05/vllm_v0.8.4/serving_llama8B_tp1_qps_4.json'), {
      value: '2025-03-05',
      source: 'folder name (2025_03_05)',
    });
    assert.deepEqual(dateOfPath('runs/sglang-0.4.6.post1/20250305-0132/result.jsonl'), {
      value: '2025-03-05',
      source: 'folder name (20250305)',
    });
    assert.equal(dateOfPath('archive/2024-12-31/nightly/2025-03-05/bench.log')?.value, '2025-03-05', 'the nearest folder');
    assert.equal(dateOfPath('C:\\runs\\2025-03-05\\bench.log')?.value, '2025-03-05', 'Windows separators');
  });
  it('a date in the file name beats the folder', () => {
    assert.deepEqual(dateOfPath('2025-03-01/nightly-2025-03-05.log'), { value: '2025-03-05', source: 'file name (2025-03-05)' });
  });
  it('no date: other numbers, commit hashes, impossible dates', () => {
    assert.equal(dateOfPath('nightly/vllm-0.8.4/Llama-3.1-8B/bench.log'), undefined);
    assert.equal(dateOfPath('builds/a3f20250305b/bench.log'), undefined, 'a commit hash folder');
    assert.equal(dateOfPath('runs/20251399/bench.log'), undefined);
    assert.equal(dateOfPath('../../bench.log'), undefined);
  });
});

describe('engine versions in paths', () => {
  const cases: Array<[string, string, string, string]> = [
    ['nightly/vllm-0.8.4/2025-03-05/bench.log', 'vllm', '0.8.4', 'folder name (vllm-0.8.4)'],
    ['results/2025_03_05/vllm_v0.8.4/serving_llama8B_tp1_qps_4.json', 'vllm', '0.8.4', 'folder name (vllm_v0.8.4)'],
    ['runs/vllm0.8.4/bench.log', 'vllm', '0.8.4', 'folder name (vllm0.8.4)'],
    ['runs/sglang-0.4.6.post1/20250305-0132/result.jsonl', 'sglang', '0.4.6.post1', 'folder name (sglang-0.4.6.post1)'],
    ['runs/SGLang-v0.4.6-cu124/result.jsonl', 'sglang', '0.4.6', 'folder name (SGLang-v0.4.6)'],
    ['runs/vllm-0.9.0rc1_h100/bench.log', 'vllm', '0.9.0rc1', 'folder name (vllm-0.9.0rc1)'],
    ['logs/bench-vllm-0.8.5.log', 'vllm', '0.8.5', 'file name (vllm-0.8.5)'],
    ['logs/sglang-0.4.6.post1.jsonl', 'sglang', '0.4.6.post1', 'file name (sglang-0.4.6.post1)'],
    ['logs/sglang-0.4.6.post1', 'sglang', '0.4.6.post1', 'file name (sglang-0.4.6.post1)'],
  ];
  for (const [file, engine, value, source] of cases) it(file, () => assert.deepEqual(engineVersionOfPath(file), { engine, value, source }));
  it('the nearest part wins: the file name, then the nearest folder', () => {
    assert.equal(engineVersionOfPath('vllm-0.8.4/vllm-0.9.0/bench.log')?.value, '0.9.0');
    assert.equal(engineVersionOfPath('vllm-0.8.4/bench-vllm-0.9.1.log')?.value, '0.9.1');
  });
  it('model names, GPU suffixes and other tools are no versions', () => {
    for (const file of [
      'runs/llama-3.1-8b/bench.log',
      'runs/qwen2.5/bench.log',
      'runs/Qwen2.5-7B-Instruct/2025-03-05/bench.log',
      'vllm_bench_1.txt',
      'runs/vllm/0.8.4/bench.log',
      'runs/myvllm-0.8.4/bench.log',
      'runs/tgi-2.0.1/bench.log',
      'runs/vllm-0.8.4.x/bench.log',
      'runs/vllm-latest/bench.log',
    ])
      assert.equal(engineVersionOfPath(file), undefined, file);
    assert.equal(engineVersionOfPath('runs/vllm-0.8.4-a100/bench.log')?.value, '0.8.4', 'the GPU after the version is not a pre-release');
  });
});

/** A nightly-steps log: a `vllm serve` launch and one result block, no year printed. */
const NIGHTLY = path.join(REPO_ROOT, 'test/fixtures/history/nightly-steps/vllm-nightly-2025-03-07.log');
const withVersionLine = fs.readFileSync(NIGHTLY, 'utf8');
const noVersionLine = withVersionLine.split('\n').slice(1).join('\n');

function runOf(text: string, file: string): RunRecord {
  const runs = parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 1);
  return runs[0] as RunRecord;
}

describe('path facts applied to runs', () => {
  it('a log without date or version in vllm-<version>/<date>/: both from the folders, said so', () => {
    const run = runOf(noVersionLine, 'nightly/vllm-0.8.5/2025-03-07/bench.log');
    assert.equal(run.timestamp, '2025-03-07');
    assert.equal(run.server?.version, '0.8.5');
    assert.equal(run.provenance.timestamp, 'folder name (2025-03-07)');
    assert.equal(run.provenance['server.version'], 'folder name (vllm-0.8.5)');
  });
  it('the file name date beats the folder date', () => {
    const run = runOf(noVersionLine, 'nightly/2025-03-01/vllm-nightly-2025-03-07.log');
    assert.deepEqual([run.timestamp, run.provenance.timestamp], ['2025-03-07', 'file name (2025-03-07)']);
  });
  it("a log timestamp beats the file name's and the folder's date", () => {
    const run = runOf(`2025-03-20 01:58:02 nightly start\n${noVersionLine}`, 'nightly/2025-03-01/vllm-nightly-2025-03-07.log');
    assert.equal(run.timestamp, '2025-03-20T01:58:02');
    assert.match(run.provenance.timestamp ?? '', /^log timestamp at line 1/);
  });
  it("the log's version line beats the folder's version", () => {
    const run = runOf(withVersionLine, 'nightly/vllm-0.9.9/2025-03-07/bench.log');
    assert.equal(run.server?.version, '0.8.5');
    assert.doesNotMatch(run.provenance['server.version'] ?? '', /folder name/);
  });
  it('a folder naming another engine or a model gives no version; no engine is made up', () => {
    assert.equal(runOf(noVersionLine, 'nightly/sglang-0.4.6/bench.log').server?.version, undefined);
    assert.equal(runOf(noVersionLine, 'nightly/Llama-3.1-8B/qwen2.5/bench.log').server?.version, undefined);
    const engineless = ['Request throughput (req/s): 9.48', 'Output token throughput (tok/s): 2427.52', 'P99 TTFT (ms): 411.55'].join('\n');
    const run = runOf(engineless, 'nightly/vllm-0.8.5/bench.log');
    assert.equal(run.engine, undefined);
    assert.equal(run.server?.version, undefined);
  });
});
