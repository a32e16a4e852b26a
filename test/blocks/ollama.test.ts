/**
 * `ollama run --verbose` statistics (src/ingest/formats/ollama/): one run per block, Go durations
 * in seconds, the model from the `ollama run` command above it. The fixture is hand-written in
 * the shape ollama prints.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goDurationSeconds } from '../../src/ingest/formats/ollama/ollama-verbose';
import { fixtureLines, scanFile } from './helpers';

describe('ollama --verbose', () => {
  it('Go durations: hours, minutes, seconds and sub-second units', () => {
    assert.equal(goDurationSeconds('2m27.989997625s'), 147.989997625);
    assert.equal(goDurationSeconds('891.933µs'), 0.000891933);
    assert.equal(goDurationSeconds('231.416ms'), 0.231416);
    assert.equal(goDurationSeconds('1h0m2s'), 3602);
    assert.equal(goDurationSeconds('12 s'), undefined);
    assert.equal(goDurationSeconds('3x'), undefined);
  });

  it('each stats block is one run; rates, counts and durations by name', () => {
    const scans = scanFile('ollama-verbose.txt', fixtureLines('ollama/ollama-verbose.txt'));
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 2);
    const [first, second] = runs;
    assert.equal(first?.format, 'ollama');
    assert.equal(first?.startLine, 5);
    assert.deepEqual(first?.metrics, {
      duration_s: 63.5042,
      load_duration_s: 0.00001275,
      input_tokens: 34,
      prompt_eval_duration_s: 0.4021,
      input_tps: 84.56,
      output_tokens: 612,
      eval_duration_s: 62.9,
      output_tps: 9.73,
    });
    assert.equal(first?.model, 'mistral:7b-instruct-q4_0', 'the model word after the flags, a value flag skipped');
    assert.match(first?.provenance.model ?? '', /line 3/);
    assert.equal(second?.metrics.output_tps, 51.2);
    assert.equal(second?.metrics.duration_s, 0.8125);
    assert.equal(second?.model, undefined, '`ollama run` in prose is no command, and the first block stands between it and the command');
  });

  it('a stat whose value is not in ollama form is kept in raw with a warning', () => {
    const lines = ['total duration:       n/a', 'eval rate:            7.5 tokens/s'];
    const scans = scanFile('odd.txt', lines);
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.raw['total duration'], 'n/a');
    assert.equal(runs[0]?.metrics.duration_s, undefined);
    const warn = scans.flatMap((s) => s.result.diagnostics).find((d) => d.code === 'cell-unparsed');
    assert.equal(warn?.line, 1);
  });
});
