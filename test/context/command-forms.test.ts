/**
 * Commands and settings in the forms unseen files write them (issue 27, session 7): a command
 * as Markdown inline code (its closing backtick is no part of its last argument), ApacheBench's
 * failed requests counted among its complete ones, a benchmark module run with a config file
 * and `key=value` overrides, a tool's length flags, one vegeta command per `#` section, a
 * `Model:` line inside a serving-bench block, a settings list naming one model per runtime,
 * and a model named in one row of an unread table. Fixtures are our own text in the shapes
 * named in each; near-negatives in the same shapes give no run.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientToolAt, readClientCommand } from '../../src/ingest/context/client-command';
import { settingsOfLine } from '../../src/ingest/context/settings-line';
import { parseLaunchCommand, shellWords } from '../../src/ingest/launch-command';
import { assertGolden } from '../helpers/golden';
import { type Parsed, parseFixture, runAt } from './helpers';

function golden(name: string): Parsed {
  const p = parseFixture(name);
  it(`${name} matches its golden`, () => assertGolden(`context/${name}.json`, { runs: p.runs, diagnostics: p.diagnostics }));
  return p;
}

const said = (line: string) => settingsOfLine(line)?.settings.map((s) => [s.key, s.value]);

describe('a command written as inline code: the closing backtick ends it', () => {
  it('the last argument is the value, without the backtick (tp 8, not `8`` and the engine default)', () => {
    const l = parseLaunchCommand('`python -m vllm.entrypoints.api_server --model /m/demo-13b --swap-space 4 --tensor-parallel-size 8`');
    assert.equal(l?.tp, 8);
    assert.equal(l?.command, 'python -m vllm.entrypoints.api_server --model /m/demo-13b --swap-space 4 --tensor-parallel-size 8');
  });

  it('prose after the span is not arguments; a span closing on its own word states nothing more', () => {
    assert.deepEqual(shellWords('--tp 2` on two of the cards'), ['--tp', '2']);
    assert.deepEqual(shellWords('--tp 2 ` then'), ['--tp', '2']);
    assert.deepEqual(shellWords('`--tp 2`'), ['--tp', '2']);
  });

  it("a shell substitution's backticks stay the shell's", () => {
    assert.deepEqual(shellWords('--tp `nproc` --port 8000'), ['--tp', '`nproc`', '--port', '8000']);
    assert.deepEqual(shellWords('--n `expr 2 + 2` --port 8000'), ['--n', '`expr', '2', '+', '2`', '--port', '8000']);
  });

  it("a client command's dataset keeps no backtick", () => {
    const text = '`python benchmarks/benchmark_serving.py --tokenizer /m/x --dataset /data/chat.json`';
    const tool = clientToolAt(text);
    assert.ok(tool);
    const c = readClientCommand(text, tool.tool);
    assert.equal(c.client.dataset, '/data/chat.json');
    assert.equal(c.text, 'python benchmarks/benchmark_serving.py --tokenizer /m/x --dataset /data/chat.json');
  });

  const { runs } = golden('inline-code-commands.md');
  it('each server in backticks gives its runs its own tp and engine (inline-code-commands.md)', () => {
    const first = runAt(runs, 8);
    const second = runAt(runs, 18);
    assert.deepEqual([first.engine, first.parallelism?.tp, first.client?.dataset], ['vllm', 4, '/data/chat_sample.json']);
    assert.equal(first.provenance['parallelism.gpus'], 'launch command at line 6');
    assert.deepEqual([second.engine, second.parallelism?.tp, second.client?.total_requests], ['sglang', 2, 300]);
    assert.equal(second.server?.flags, undefined);
  });

  it("a server of an engine with no launcher of ours ends the launch before it: no engine, the flags' tp", () => {
    const third = runAt(runs, 29);
    assert.deepEqual([third.engine, third.parallelism?.tp, third.model], [undefined, 8, 'demo-chat-13b']);
    assert.equal(third.server?.command, undefined);
  });

  it('near-negative: the same commands with no result under them give no run (inline-code-no-result.md)', () => {
    assert.equal(golden('inline-code-no-result.md').runs.length, 0);
  });
});

describe("ApacheBench's `-n`: failed requests are among the complete ones", () => {
  const { runs, diagnostics } = golden('ab-failed-complete.md');
  it('complete requests equal to `-n` agree with it, however many failed (ab-failed-complete.md)', () => {
    const r = runAt(runs, 8);
    assert.deepEqual([r.client?.total_requests, r.client?.concurrency], [4000, 200]);
    assert.equal(r.provenance['client.total_requests'], 'client command at line 5 (-n)');
    assert.equal(diagnostics.filter((d) => d.code === 'conflicting-context').length, 0);
  });

  const more = golden('ab-more-than-sent.md');
  it('more complete requests than `-n` sent contradict it: a warning, not taken (ab-more-than-sent.md)', () => {
    assert.equal(runAt(more.runs, 8).client?.total_requests, undefined);
    const conflicts = more.diagnostics.filter((d) => d.code === 'conflicting-context');
    assert.equal(conflicts.length, 1);
    assert.match(conflicts[0]?.message ?? '', /^client\.total_requests: 3500 requests reported/);
  });
});

describe("a benchmark script's arguments after a positional config file", () => {
  it('flags after a config file; bare `key=value` overrides of a benchmark-named module', () => {
    assert.deepEqual(
      said(
        'python -m Pkg.benchmark_requests cfg/serve.yml --request_num=90 model_name=demo-4x2b ici_tensor_parallelism=8 scan_layers=true',
      ),
      [
        ['total_requests', 90],
        ['model', 'demo-4x2b'],
        ['tp', 8],
      ],
    );
    assert.deepEqual(said('python3 tools/run_bench.py cfg.json --num-prompts 32 --tensor-parallel-size 2'), [
      ['total_requests', 32],
      ['tp', 2],
    ]);
    assert.deepEqual(said('./perf_sweep.sh run model_name_or_path=/data/Demo-70b-hf/'), [['model', '/data/Demo-70b-hf/']]);
  });

  it("another script's bare `key=value` words are no script command's settings; a script without flags states nothing", () => {
    // The line's pairs are read as any line's (`settings pair`: inside fences only in a Markdown report).
    assert.equal(settingsOfLine('python tools/convert_ckpt.py ckpt/ out/ tensor_parallel=8 scan_layers=true')?.kind, 'settings pair');
    assert.equal(settingsOfLine('python -m pkg.benchmark_x cfg.yml tensor_parallel=8')?.kind, 'script command');
    assert.equal(said('python tools/convert_ckpt.py ckpt/ out/'), undefined);
  });

  it('tool flags: `--sequence-length`/`--decode-length` are the lengths, `--model_name_or_path` the model', () => {
    assert.deepEqual(
      said('* On card X: `text-generation-benchmark --tokenizer-name org/demo-13b --sequence-length 40 --decode-length 10 -b 1 -b 2`'),
      [
        ['input_len', 40],
        ['output_len', 10],
      ],
    );
    assert.deepEqual(
      said('python ../spawn.py --world_size 8 run_generation.py --model_name_or_path /data/inference/Demo-2-70b-hf/ --max_new_tokens 100'),
      [
        ['model', '/data/inference/Demo-2-70b-hf/'],
        ['max_tokens', 100],
      ],
    );
  });

  const { runs } = golden('bench-script-overrides.md');
  it('the command above a one-line result names its settings (bench-script-overrides.md)', () => {
    const jax = runAt(runs, 10);
    assert.deepEqual([jax.client?.total_requests, jax.parallelism?.tp, jax.model], [64, 4, 'demo-moe-4x2b']);
    const flags = runAt(runs, 17);
    assert.deepEqual([flags.client?.total_requests, flags.parallelism?.tp, flags.model], [32, 2, 'demo-dense-8b']);
  });

  it('near-negative: a converter with overrides and no result gives no run (script-overrides-not-bench.md)', () => {
    assert.equal(golden('script-overrides-not-bench.md').runs.length, 0);
  });
});

describe('one command per `#` section, fenced with no blank line between sections (vegeta-sections.md)', () => {
  const { runs } = golden('vegeta-sections.md');
  it("each section's runs take its own command's rate", () => {
    assert.deepEqual(
      runs.map((r) => [r.source.line, r.client?.request_rate, r.provenance['client.request_rate']]),
      [
        [6, 5, 'client command at line 5 (-rate)'],
        [19, 5, 'client command at line 18 (-rate)'],
        [31, 12, 'client command at line 30 (-rate)'],
      ],
    );
  });
});

describe('a `Model:` line inside a serving benchmark block (serving-block-model.log)', () => {
  const { runs } = golden('serving-block-model.log');
  it('is the run’s model', () => {
    const r = runAt(runs, 3);
    assert.equal(r.model, 'demo-chat-7b');
    assert.equal(r.provenance.model, '"Model" line of the result block');
  });
});

describe('wrong models: a list naming one model per runtime, a model in one row of an unread table', () => {
  const { runs, diagnostics } = golden('two-tool-list.md');
  it("each runtime's table takes the model listed under its name; a heading naming neither takes none (two-tool-list.md)", () => {
    assert.deepEqual(
      runs.map((r) => [r.source.line, r.model]),
      [
        [16, 'Demo-3-8B-Instruct-4bit'],
        [16, 'Demo-3-8B-Instruct-4bit'],
        [23, 'demo-3-8b-instruct-q4_0'],
        [23, 'demo-3-8b-instruct-q4_0'],
        [30, undefined],
      ],
    );
    assert.ok(diagnostics.some((d) => d.code === 'context-missing' && d.line === 30));
  });

  const diff = golden('diff-table-then-list.md');
  it('the model of one diff row is not inferred for the bullet runs below (diff-table-then-list.md)', () => {
    // The diff table's own row is read as a matrix (its model with it); the `+` row behind its
    // diff prefix is not read yet. The bullets below are the runs this is about.
    const bullets = diff.runs.filter((r) => r.source.line > 12);
    assert.deepEqual(
      bullets.map((r) => [r.source.line, r.metrics.output_tps]),
      [
        [17, 170.4],
        [18, 95.2],
      ],
    );
    for (const r of bullets) assert.equal(r.model, undefined);
    for (const r of diff.runs.filter((r) => r.source.line === 8)) assert.equal(r.model, 'Demo2-7B');
  });
});
