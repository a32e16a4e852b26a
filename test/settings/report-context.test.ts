/**
 * Markdown reports read what they state outside their tables (issue 20): launch and client
 * commands in fences, a sentence naming the GPU, settings lists before or after the results, a
 * row labelled with an engine; a results section's totals and a setting stated two ways after the
 * runs are not applied. The shared sample report's records must not change: its methodology's
 * inline flags and prose pairs state nothing (the data-logs test pins its records; here, that it
 * gives no statement at all).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { documentStatements } from '../../src/ingest/markdown-report/document-statements';
import { scanReport } from '../../src/ingest/markdown-report/scan';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';
import { settingsFixture as reportFixture } from './helpers';

describe('settings lists before and after the results (report-setup-lists.md)', () => {
  const { runs, diagnostics } = reportFixture('report-setup-lists.md');
  it('every row is a pipe-table run of the report', () => {
    assert.equal(runs.length, 3);
    assert.ok(runs.every((r) => r.source.format === 'pipe-table'));
  });
  it('the configuration list before and the technical details after reach every run', () => {
    for (const r of runs) {
      assert.equal(r.model, 'SmolLM2-1.7B-Instruct');
      assert.equal(r.engine, 'vllm');
      assert.equal(r.server?.context_length, 4096);
      assert.equal(r.client?.max_tokens, 128);
      assert.equal(r.hardware?.gpu, 'NVIDIA RTX A6000');
      assert.equal(r.provenance['server.context_length'], 'settings line at line 24 (Max Model Length)');
    }
  });
  it("the summary statistics' total is not any run's request count", () => {
    assert.ok(runs.every((r) => r.client?.total_requests === undefined));
  });
  it('no note that the model is missing; the lines read as settings are not counted as skipped prose', () => {
    assert.ok(!diagnostics.some((d) => /no model named/.test(d.message)));
    assert.match(diagnostics.find((d) => d.code === 'prose-skipped')?.message ?? '', /^4 prose lines/);
  });
});

describe('a launch, a client command and a sentence around a Key | Value table (report-commands.md)', () => {
  const { runs } = reportFixture('report-commands.md');
  const r = runs[0] as RunRecord;
  it('engine, model and parallelism from the launch command in a sibling section', () => {
    assert.equal(r.engine, 'vllm');
    assert.equal(r.model, 'Qwen2.5-72B-Instruct');
    assert.deepEqual(r.parallelism, { tp: 4, dp: 1, pp: 1, gpus: 4, strategy: 'tensor' });
    assert.equal(r.server?.context_length, 32768);
    assert.equal(r.provenance['parallelism.tp'], 'launch command at line 8');
  });
  it("the client command's rate, max tokens and dataset; the table's own load stays", () => {
    assert.deepEqual([r.client?.request_rate, r.client?.max_tokens, r.client?.dataset], [5, 1024, 'openqa']);
    assert.equal(r.client?.concurrency, 8);
    assert.equal(r.provenance['client.request_rate'], 'client command at line 17 (--rate)');
  });
  it('the GPU from the opening sentence', () => {
    assert.equal(r.hardware?.gpu, 'A800');
    assert.equal(r.provenance['hardware.gpu'], 'prose at line 3 (4 x A800)');
  });
});

describe('a setting stated two ways, both after the runs (report-two-setups.md)', () => {
  const { runs, diagnostics } = reportFixture('report-two-setups.md');
  it('is applied to no run, and an info says so', () => {
    assert.ok(runs.every((r) => r.client?.max_tokens === undefined));
    assert.ok(diagnostics.some((d) => d.code === 'context-missing' && /stated differently at lines 9, 12/.test(d.message)));
  });
  it("a row labelled with one engine is that engine's", () => {
    assert.deepEqual(
      runs.map((r) => [r.engine, r.provenance.engine]),
      [
        ['vllm', "row label 'vLLM (eager)'"],
        ['sglang', "row label 'SGLang'"],
      ],
    );
  });
});

describe('the shared sample report', () => {
  it("states nothing outside its tables that a run could take (its methodology's flags and pairs are no run's)", () => {
    const lines = fs.readFileSync(path.join(REPO_ROOT, 'data', 'multi-gpu-presets-report.md'), 'utf8').split(/\r?\n/);
    assert.deepEqual(documentStatements(lines, scanReport(lines)), []);
  });
});
