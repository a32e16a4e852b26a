/**
 * llama.cpp's llama-bench tables (src/ingest/formats/llama-bench/): one run per row, `test`
 * saying which rate `t/s` is, `mean ± std` cells, the model column. Hand-written fixture in the
 * shape llama-bench prints.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureLines, scanFile } from './helpers';

describe('llama-bench', () => {
  it('pp → input tokens/s, tg → output tokens/s, pp+tg → all tokens/s; a cut row is said, not read', () => {
    const scans = scanFile('llama-bench-rows.md', fixtureLines('llama-bench/llama-bench-rows.md'));
    const runs = scans.flatMap((s) => s.result.runs);
    assert.deepEqual(
      runs.map((r) => [r.format, r.row, r.metrics, r.client]),
      [
        ['llama-bench', 1, { input_tps: 612.4, input_tps_std: 4.05 }, { input_len: 1024 }],
        ['llama-bench', 2, { output_tps: 38.12, output_tps_std: 0.31 }, { output_len: 256 }],
        ['llama-bench', 3, { total_tps: 141.7, total_tps_std: 2.2 }, { input_len: 512, output_len: 128 }],
      ],
    );
    assert.ok(runs.every((r) => r.model === 'phi3 3B Q4_K - Medium'));
    assert.equal(runs[0]?.raw.backend, 'Vulkan');
    const cut = scans.flatMap((s) => s.result.diagnostics).filter((d) => d.code === 'cell-unparsed');
    assert.equal(cut.length, 1);
    assert.equal(cut[0]?.line, 9);
  });
});
