/**
 * SGLang scheduler stat lines of other versions (src/ingest/formats/sglang-server-log/): the 2024
 * time-only prefix, `Decode batch,` of 2026, multi-part rank tags (`TP0 EP0`, `ATTN_CP2 TP2`),
 * prefill input throughput, hybrid pool usages and `npu graph`. The fixture is hand-written in
 * the shapes of public SGLang logs (sgl-project/sglang issues #1612, #2255, #10053, #22166,
 * #30755, #36081), not copied from them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { assertGolden } from '../helpers/golden';

const lines = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'sglang-server-log', 'scheduler-variants.log'), 'utf8').split(/\r?\n/);

describe('SGLang scheduler stat lines across versions', () => {
  const scans = scanBlocks(lines, 'scheduler-variants.log');
  const samples = scans.flatMap((s) => s.result.samples);
  const diagnostics = scans.flatMap((s) => s.result.diagnostics);

  it('reads every stat line: time-only and dated prefixes, `.` and `,` after the batch tag', () => {
    const statLines = new Set(samples.map((s) => s.source.line));
    assert.deepEqual([...statLines], [5, 6, 7, 9, 10, 12]);
    assert.equal(scans.flatMap((s) => s.result.runs).length, 0, 'a server log is a time series, no benchmark run');
  });

  it('keeps the time of day as printed when the log has no date', () => {
    const first = samples.find((s) => s.source.line === 6 && s.series === 'output_tps');
    assert.equal(first?.t, '09:12:03');
    assert.equal(first?.value, 71.2);
    const dated = samples.find((s) => s.source.line === 10 && s.series === 'output_tps');
    assert.equal(dated?.t, '2026-02-11T10:00:02');
  });

  it('rank tags of any name become labels', () => {
    assert.deepEqual(samples.find((s) => s.source.line === 9)?.labels, { batch: 'prefill', tp: '0', ep: '0' });
    assert.deepEqual(samples.find((s) => s.source.line === 12)?.labels, { batch: 'prefill', attn_cp: '2', tp: '2' });
  });

  it('prefill input throughput, pool usages as percentages, graph flags not sampled', () => {
    const at = (line: number, series: string) => samples.find((s) => s.source.line === line && s.series === series)?.value;
    assert.equal(at(9, 'input_tps'), 3310.42);
    assert.equal(at(9, 'prefill_full_token_usage_pct'), 1);
    assert.equal(at(10, 'swa_token_usage_pct'), 0);
    assert.equal(at(10, 'full_token_usage_pct'), 4);
    assert.equal(at(12, 'gpu_kv_cache_usage_pct'), 12);
    assert.ok(!samples.some((s) => /graph/.test(s.series)));
    assert.ok(!diagnostics.some((d) => d.code === 'cell-unparsed'), 'every field read');
  });

  it('golden', () => {
    assertGolden('sglang-server-log/scheduler-variants.json', { samples, diagnostics });
  });
});
