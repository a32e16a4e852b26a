import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { BLOCK_READERS, scanBlocks } from '../../src/ingest/blocks/index';
import { vllmBenchReader } from '../../src/ingest/formats/serving-bench/serving-bench';

/** Fragments of every block kind, so random mixtures hit the readers' edges. */
const FRAGMENTS = [
  '============ Serving Benchmark Result ============',
  '==================================================',
  '---------------Time to First Token----------------',
  'Successful requests:                     10',
  'Mean TTFT (ms):                          1,2',
  'P99 E2EL (ms):                           …',
  'Backend:                                 sglang',
  'Traffic request rate: inf',
  'Maximum request concurrency: None',
  '#Input tokens: 5',
  'Sun Apr 27 21:01:18 2025',
  '+-----------------------------------------------------------------------------------------+',
  '| NVIDIA-SMI 550.127.08             Driver Version: 550.127.08     CUDA Version: 12.4     |',
  '|=========================================+========================+======================|',
  '|   0  NVIDIA A10                     On  |   00000000:00:07.0 Off |                  Off |',
  '|  0%   56C    P0            149W /  150W |   22288MiB /  24564MiB |     99%      Default |',
  '| Processes:                                                                              |',
  '|    0   N/A  N/A     17126      C   sglang::scheduler_DP0_TP0                   20916MiB |',
  'INFO 10-26 02:48:42 llm_engine.py:624] Avg prompt throughput: 109.4 tokens/s, Avg generation throughput: 1003.7 tokens/s, Running: 18 reqs',
  ', Running: 10 reqs, Waiting: 0 reqs, GPU KV cache usage: 3.',
  'INFO:     ::1:39160 - "POST /generate HTTP/1.1" 200 OK',
  '# HELP vllm:num_requests_running Number of requests',
  '# TYPE vllm:num_requests_running gauge',
  'vllm:num_requests_running{model_name="m"} 8.0',
  'vllm:x_bucket{le="+Inf"} NaN',
  '# 2025-05-12T10:00:00Z',
  '...',
  '     execution: local',
  '     http_req_duration..............: avg=3.85s    min=591.13µs med=241.81ms',
  '     http_reqs......................: 2000   8.164373/s',
  'running (04m05.0s), 00/32 VUs, 1000 complete and 0 interrupted iterations',
  '{"__proto__": 1}',
  '__proto__: 3',
  '',
  '```',
];

test('readers never throw, always move forward, and report 1-based lines inside the input', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string()), { maxLength: 40 }), (lines) => {
      for (let i = 0; i < lines.length; i++) {
        for (const reader of BLOCK_READERS) {
          if (!reader.startsAt(lines, i)) continue;
          const r = reader.read(lines, i, 'fuzz.txt');
          assert.ok(r.next > i && r.next <= lines.length, `${reader.name}: next ${r.next} at ${i} of ${lines.length}`);
          for (const d of r.diagnostics)
            assert.ok(d.line === undefined || (d.line >= 1 && d.line <= lines.length), `${reader.name}: diagnostic line ${d.line}`);
          for (const run of r.runs) assert.ok(Object.values(run.metrics).every((v) => Number.isFinite(v)));
          for (const s of r.samples) assert.ok(Number.isFinite(s.value));
        }
      }
      scanBlocks(lines, 'fuzz.txt');
    }),
    { numRuns: 400 },
  );
});

test('a tqdm bar between the preamble and the title belongs to the block', () => {
  const lines = [
    'Maximum request concurrency: 32',
    '100%|████████████████████████████████| 32/32 [02:30<00:00,  4.71s/it]',
    '============ Serving Benchmark Result ============',
    'Successful requests:                     32',
    '==================================================',
  ];
  assert.equal(vllmBenchReader.startsAt(lines, 0), true);
  const r = vllmBenchReader.read(lines, 0, 'x');
  assert.equal(r.runs[0]?.client?.concurrency, 32);
  assert.equal(r.runs[0]?.startLine, 2);
});
