/**
 * vLLM benchmark_serving result blocks kept as comments in a script (`# ====… Serving Benchmark
 * Result …====`, every line `# `-prefixed, sometimes indented): each block is one run, read as
 * the plain block is, the commented preamble above it (`# Maximum request concurrency: 24`) too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const FIXTURE = 'vllm-bench-commented.sh';

test('commented-out result blocks: one run each, the commented preamble read, the indented block too', () => {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'blocks', FIXTURE), 'utf8');
  assert.equal(detectFile(text, FIXTURE).format, 'vllm-bench');
  const parsed = parseLog(text, { file: FIXTURE });
  assertGolden(`blocks/${FIXTURE}.json`, parsed);
  const runs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => [
      r.source.line,
      r.source.format,
      r.engine,
      r.metrics.requests_ok_count,
      r.metrics.throughput_rps,
      r.metrics.ttft_mean_ms,
    ]),
    [
      [17, 'vllm-bench', 'vllm', 96, 1.64, 711.2],
      [36, 'vllm-bench', 'vllm', 96, 1.93, 802.65],
    ],
  );
  assert.equal(runs[0]?.client?.concurrency, 24, 'from the commented preamble');
  assert.equal(runs[0]?.metrics.tpot_p99_ms, 60.12);
  assert.deepEqual(
    parsed.diagnostics.filter((d) => d.severity !== 'info'),
    [],
  );
});

test('a line that only mentions the title in a comment is no block', () => {
  const parsed = parseLog('# see the ============ Serving Benchmark Result ============ block below\nnothing here\n', { file: 'x.sh' });
  assert.equal(parsed.records.filter((r) => r.kind === 'run').length, 0);
});
