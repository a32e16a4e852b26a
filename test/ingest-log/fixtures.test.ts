/** Scanner behaviour on small hand-written fixtures (test/fixtures/ingest-log/). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

const FIX = path.join(REPO_ROOT, 'test', 'fixtures', 'ingest-log');
const read = (name: string): string => fs.readFileSync(path.join(FIX, name), 'utf8');
const runsOf = (text: string, file: string) => {
  const res = parseLog(text, { file });
  return { res, runs: res.records.filter((r): r is RunRecord => r.kind === 'run') };
};

describe('box styles: square ┌┬┐ and rounded ╭╮ tables', () => {
  const { res, runs } = runsOf(read('square-rounded.md'), 'square-rounded.md');

  it('reads both tables with their metrics', () => {
    assert.equal(runs.length, 2);
    const [a, b] = runs as [RunRecord, RunRecord];
    assert.equal(a.source.line, 6);
    assert.equal(a.timestamp, '2025-06-01T10:00:00');
    assert.equal(a.metrics.requests_ok_count, 79);
    assert.equal(a.metrics.requests_failed_count, 1);
    assert.equal(a.metrics.latency_mean_s, 1.25);
    assert.equal(a.metrics.throughput_rps, 7.9);
    assert.equal(a.metrics.output_tps, 800.5);
    assert.deepEqual(a.flags, ['failed-requests']);
    assert.equal(b.source.line, 22);
    assert.equal(b.metrics.duration_s, 8.8, 'Total Test Duration wins over Test completed in');
    assert.equal(b.raw['Test completed in'], '9.00 seconds');
  });

  it('keeps an unknown label under its slug, never drops it', () => {
    assert.equal(runs[0]?.metrics.warm_cache_hits, 12);
    assert.equal(runs[0]?.raw['Warm Cache Hits'], '12');
  });

  it('duration from "Test completed in" when the table has none, said so', () => {
    assert.equal(runs[0]?.metrics.duration_s, 10);
    assert.match(runs[0]?.provenance['metrics.duration_s'] ?? '', /Test completed in" at line 5/);
  });

  it('launch command: tp × pp, mixed strategy, context length, flags; it beats the table title and warns', () => {
    const a = runs[0];
    assert.deepEqual(a?.parallelism, { tp: 2, dp: 1, pp: 2, gpus: 4, strategy: 'mixed' });
    assert.equal(a?.provenance['parallelism.dp'], 'engine default 1 (not on the launch command at line 4)');
    assert.equal(a?.server?.context_length, 4096);
    assert.deepEqual(a?.server?.flags, { 'enforce-eager': true });
    assert.equal(a?.model, 'Llama-3-8B');
    assert.equal(runs[1]?.engine, 'vllm');
    assert.ok(res.diagnostics.some((d) => d.code === 'conflicting-context' && d.line === 22 && /engine/.test(d.message)));
  });
});

describe('nested heading scope', () => {
  const { runs } = runsOf(read('nested-scope.md'), 'nested-scope.md');

  it('a deeper #### heading keeps the launch of its ## parent', () => {
    const r = runs[0];
    assert.deepEqual(r?.labels, ['Nested scope', 'Server A', 'A deeper note']);
    assert.equal(r?.engine, 'sglang');
    assert.deepEqual(r?.parallelism, { tp: 2, dp: 2, pp: 1, gpus: 4, strategy: 'mixed' });
    assert.equal(r?.model, 'Qwen2-7B');
  });

  it('a sibling ## heading ends it: no engine, no GPUs; modes from whole separator labels', () => {
    const [, think, noThink] = runs;
    for (const r of [think, noThink]) {
      assert.equal(r?.engine, undefined, 'port 9000 says nothing, LLM title says nothing');
      assert.equal(r?.parallelism, undefined);
      assert.equal(r?.server, undefined);
      assert.equal(r?.api, 'openai');
    }
    assert.equal(think?.mode, 'think');
    assert.equal(noThink?.mode, 'no-think');
    assert.deepEqual(noThink?.labels, ['Nested scope', 'Server B', 'no think']);
  });
});

describe('a table cut off at the end of the file', () => {
  const { res, runs } = runsOf(read('truncated.log'), 'truncated.log');
  it('keeps the complete table, keeps the rows read of the cut one, and says so', () => {
    assert.equal(runs.length, 2);
    assert.equal(runs[0]?.metrics.throughput_rps, 2);
    assert.deepEqual(runs[0]?.flags, []);
    assert.deepEqual(runs[1]?.flags, ['truncated']);
    assert.equal(runs[1]?.metrics.requests_ok_count, 20);
    const d = res.diagnostics.find((x) => x.code === 'table-truncated');
    assert.equal(d?.line, 13);
    assert.equal(d?.file, 'truncated.log');
  });
});

describe('CRLF, ANSI colours and a BOM (through normalizeText)', () => {
  it('gives the same runs as the clean text', () => {
    const clean = read('square-rounded.md');
    const dirty =
      '\uFEFF' +
      clean
        .split('\n')
        .map((l) => (/Stress Test Results/.test(l) ? `\u001b[1;36m${l}\u001b[0m` : l))
        .join('\r\n');
    const a = runsOf(clean, 'x.md').runs;
    const b = runsOf(dirty, 'x.md').runs;
    assert.equal(b.length, 2);
    assert.deepEqual(b, a);
  });
});

describe('whole-file dispatch', () => {
  it('empty input gives a diagnostic, not a crash', () => {
    const res = parseLog('  \n\n', { file: 'empty.log' });
    assert.deepEqual(res.records, []);
    assert.equal(res.diagnostics[0]?.code, 'empty-input');
  });
  it('binary input gives a diagnostic', () => {
    const res = parseLog('PK\u0003\u0004\u0000\u0000binary\u0000', { file: 'x.zip' });
    assert.equal(res.diagnostics[0]?.code, 'binary-input');
  });
  it('a prose-only report gives an info prose-skipped, and a warning naming its first lines with numbers', () => {
    const file = 'data/vllm-4-replica-load-report.md';
    const res = parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file });
    assert.equal(res.records.filter((r) => r.kind === 'run').length, 0);
    assert.ok(res.diagnostics.some((d) => d.code === 'prose-skipped' && d.severity === 'info'));
    // Never silent (issue 27): its figures are prose, and the warning says where they are.
    const loud = res.diagnostics.filter((d) => d.severity !== 'info');
    assert.deepEqual(
      loud.map((d) => [d.code, d.line]),
      [['metrics-unread', 11]],
    );
  });
  it('a "__proto__" row label is kept as an own key', () => {
    const text = read('truncated.log').replace('Concurrent Requests', '__proto__          ');
    const { runs } = runsOf(text, 't.log');
    assert.equal(Object.getPrototypeOf(runs[0]?.raw), Object.prototype);
    assert.equal(Object.hasOwn(runs[0]?.raw ?? {}, '__proto__'), true);
    assert.equal(runs[0]?.metrics.proto, 2);
  });
});

describe('engine hints of last resort and launch-command forms', () => {
  const table = (title: string, url: string) =>
    [
      `        ${title} - 2025-06-04 10:00:00`,
      '┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓',
      '┃ Metric              ┃ Value                           ┃',
      '┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩',
      `│ URL                 │ ${url.padEnd(31)} │`,
      '│ Successful Requests │ 10 (100.0%)                     │',
      '│ Actual Throughput   │ 2.00 requests/second            │',
      '└─────────────────────┴─────────────────────────────────┘',
    ].join('\n');

  it('a stress table with nothing better in scope takes the engine from the URL port, and says so', () => {
    const { runs } = runsOf(table('LLM Stress Test Results', 'http://localhost:30000/generate'), 'p.log');
    assert.equal(runs[0]?.engine, 'sglang');
    assert.match(runs[0]?.provenance.engine ?? '', /URL port \(30000 is SGLang's default\)/);
  });

  it('a YAML command block (flags on indented lines) is one launch command', () => {
    const text = [
      'command:',
      '  sglang serve',
      '    --model-path /m/DeepSeek-V4',
      '    --tp 4',
      '    --port 8000',
      '',
      table('LLM Stress Test Results', 'http://localhost:8000/v1'),
    ].join('\n');
    const { runs } = runsOf(text, 'y.log');
    assert.equal(runs[0]?.engine, 'sglang');
    assert.equal(runs[0]?.model, 'DeepSeek-V4');
    assert.deepEqual(runs[0]?.parallelism, { tp: 4, dp: 1, pp: 1, gpus: 4, strategy: 'tensor' });
    assert.equal(runs[0]?.server?.command, 'sglang serve --model-path /m/DeepSeek-V4 --tp 4 --port 8000');
  });

  it('a backslash-continued launch command is one command', () => {
    const text = [
      '$ vllm serve /m/Llama \\',
      '    --tensor-parallel-size 2 \\',
      '    --max-model-len 2048',
      table('vLLM Stress Test Results', 'http://localhost:8000/v1'),
    ].join('\n');
    const { runs } = runsOf(text, 'b.log');
    assert.deepEqual(runs[0]?.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(runs[0]?.server?.context_length, 2048);
    assert.equal(runs[0]?.source.line, 4);
  });
});
