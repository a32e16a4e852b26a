/**
 * Settings written in the forms people paste around results (issue 27): commands behind comment
 * and quote markers, client commands of any bench tool and shell loops over them, bare launch
 * flags, and settings stated beside a table. Each fixture is own text in the shape of a public
 * tool's output (the fixture says which); a golden holds its runs and diagnostics.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAt, settingsFixture } from './helpers';

describe('commands behind comment and quote markers (commented-commands.md)', () => {
  const p = settingsFixture('commented-commands.md');

  it('a `# vllm serve …` shell comment is the launch, not a heading', () => {
    const r = runAt(p.runs, 8);
    assert.equal(r.model, 'granite-3.1-8b-instruct');
    assert.equal(r.parallelism?.pp, 2);
    assert.equal(r.server?.context_length, 6144);
    assert.equal(r.provenance.model, 'launch command at line 6');
    assert.equal(r.server?.command, 'vllm serve ibm-granite/granite-3.1-8b-instruct --pipeline-parallel-size 2 --max-model-len 6144');
    assert.deepEqual(r.labels, ['vllm serve numbers'], 'a heading without flags stays a heading');
  });
  it('`//` comments: the launch and a continued client command', () => {
    const r = runAt(p.runs, 27);
    assert.equal(r.parallelism?.tp, 4);
    assert.equal(r.model, 'phi-4');
    assert.deepEqual(
      { c: r.client?.concurrency, n: r.client?.total_requests, i: r.client?.input_len, o: r.client?.output_len },
      { c: 12, n: 240, i: 768, o: 96 },
    );
    assert.equal(r.provenance['client.total_requests'], 'client command at line 24 (--num-prompts)');
  });
  it('a quoted console (`> $ …`), continued over quoted lines', () => {
    const r = runAt(p.runs, 50);
    assert.equal(r.parallelism?.tp, 2);
    assert.equal(r.provenance.engine, 'launch command at line 44');
    assert.deepEqual({ c: r.client?.concurrency, n: r.client?.total_requests, rate: r.client?.request_rate }, { c: 6, n: 80, rate: 3 });
  });
  it('no warning', () =>
    assert.deepEqual(
      p.diagnostics.filter((d) => d.severity !== 'info'),
      [],
    ));
});

describe('shell loops over a client (loop-sweep.md)', () => {
  const p = settingsFixture('loop-sweep.md');

  it("a one-line loop: each result block takes its pass's concurrency, in output order", () => {
    assert.deepEqual(
      p.runs.slice(0, 3).map((r) => [r.source.line, r.client?.concurrency, r.client?.total_requests, r.client?.input_len]),
      [
        [11, 2, 160, 512],
        [20, 8, 160, 512],
        [30, 32, 160, 512],
      ],
    );
    assert.equal(
      runAt(p.runs, 11).provenance['client.concurrency'],
      'client command at line 7 (--max-concurrency), loop "for c in 2 8 32" (line 7), pass 1 of 3 (c=2; inferred from output order)',
    );
    assert.equal(runAt(p.runs, 20).provenance['client.concurrency'], undefined, 'the block states its own');
  });
  it('a loop over an assigned list, do/done on their own lines behind continuation prompts', () => {
    assert.deepEqual(
      p.runs.slice(3).map((r) => [r.source.line, r.client?.concurrency, r.client?.request_rate, r.client?.input_len, r.client?.output_len]),
      [
        [48, 4, 6, 300, 90],
        [54, 16, 6, 300, 90],
      ],
    );
    assert.match(
      runAt(p.runs, 54).provenance['client.concurrency'] ?? '',
      /loop "for n in \$LEVELS" \(line 45\), pass 2 of 2 \(n=16; inferred/,
    );
  });
  it('no warning', () =>
    assert.deepEqual(
      p.diagnostics.filter((d) => d.severity !== 'info'),
      [],
    ));
});

describe('the perf_analyzer command genai-perf logs belongs to the genai-perf command (genai-perf-wrapped.txt)', () => {
  const p = settingsFixture('genai-perf-wrapped.txt');

  it("the run keeps the genai-perf command's lengths and model", () => {
    const r = runAt(p.runs, 9);
    assert.deepEqual(
      { c: r.client?.concurrency, i: r.client?.input_len, o: r.client?.output_len, model: r.model },
      { c: 2, i: 320, o: 48, model: 'llama-3.2-3b' },
    );
    assert.equal(r.provenance['client.input_len'], 'client command at line 3 (--synthetic-input-tokens-mean)');
  });
});

describe('the sentence right above a report table states its load (caption-load.md)', () => {
  const p = settingsFixture('caption-load.md');

  it('every row of the table takes it, marked as inferred', () => {
    assert.deepEqual(
      p.runs.map((r) => [r.source.line, r.client?.concurrency]),
      [
        [7, 1],
        [7, 1],
        [14, 24],
        [20, 4],
        [20, 8],
      ],
    );
    assert.equal(
      p.runs[0]?.provenance['client.concurrency'],
      '"Cold-start latency (Concurrency = 1):" (line 5, above the table; inferred)',
    );
  });
  it("a row's own concurrency is kept", () => assert.equal(p.runs[4]?.provenance['client.concurrency'], undefined));
});

describe("one engine's launch does not name the engine of another tool's runs (foreign-launch.md)", () => {
  const p = settingsFixture('foreign-launch.md');

  it('llama-bench and ollama runs take neither the vLLM launch nor the vLLM heading', () => {
    for (const r of p.runs) {
      assert.equal(r.engine, undefined, `${r.source.format} at ${r.source.line}`);
      assert.equal(r.parallelism?.tp, undefined);
      assert.equal(r.server?.command, undefined);
    }
    assert.deepEqual(
      p.runs.map((r) => r.source.format),
      ['llama-bench', 'llama-bench', 'ollama'],
    );
  });
  it('said, and no conflict is reported', () => {
    assert.ok(p.diagnostics.some((d) => d.code === 'context-missing' && /is not the engine a ollama run uses/.test(d.message)));
    assert.deepEqual(
      p.diagnostics.filter((d) => d.severity !== 'info'),
      [],
    );
  });
});
