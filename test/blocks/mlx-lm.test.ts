/**
 * mlx_lm.benchmark (src/ingest/formats/mlx-lm/): the Averages line is the run, the Trial lines
 * are its repetitions (raw only), the Timing line gives the lengths. Hand-written fixture.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureLines, scanFile } from './helpers';

describe('mlx_lm.benchmark', () => {
  it('one run from Averages; trials without Averages are said, not runs', () => {
    const scans = scanFile('mlx-lm-trials.txt', fixtureLines('mlx-lm/mlx-lm-trials.txt'));
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.format, 'mlx-lm');
    assert.deepEqual(run?.metrics, { input_tps: 2204.625, output_tps: 150.95, peak_memory_gb: 0.913 });
    assert.equal(run?.startLine, 0, 'from the command');
    assert.equal(run?.model, 'Llama-3.2-1B-Instruct-4bit');
    assert.equal(run?.client?.model_path, 'mlx-community/Llama-3.2-1B-Instruct-4bit');
    assert.equal(run?.client?.input_len, 1024);
    assert.equal(run?.client?.output_len, 256);
    assert.equal(run?.raw.trials, '3');
    assert.equal(run?.raw.batch_size, '1', 'the batch size is no client concurrency');
    assert.equal(run?.raw['Trial 2'], 'prompt_tps=2198.250, generation_tps=150.880, peak_memory=0.913, total_time=2.175');
    const warn = scans.flatMap((s) => s.result.diagnostics).filter((d) => d.code === 'cell-unparsed');
    assert.equal(warn.length, 1);
    assert.equal(warn[0]?.line, 10);
  });

  it('the command alone (a how-to) is no run and no warning', () => {
    const scans = scanFile('howto.md', ['mlx_lm.benchmark -p 512 -g 128 --model some/model', '', 'then read the numbers.']);
    assert.equal(scans.flatMap((s) => s.result.runs).length, 0);
    assert.equal(scans.flatMap((s) => s.result.diagnostics).filter((d) => d.code === 'cell-unparsed').length, 0);
  });
});
