/**
 * The one client-command reader (scope and tool tables): each tool's flags in the shapes their
 * docs and users' scripts write them, sweeps that give no single value, flags that mean
 * something else for another tool, and a property: flag order, `--flag=value` and continuation
 * lines do not change what a command states.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { clientToolAt, readClientCommand } from '../../src/ingest/context/client-command';

function read(text: string) {
  const tool = clientToolAt(text);
  assert.ok(tool, `no client command in: ${text}`);
  return readClientCommand(text, tool.tool);
}

describe('tools', () => {
  it('vllm bench serve', () => {
    const c = read(
      'vllm bench serve --model Qwen/Qwen3-8B --dataset-name random --random-input-len 2000 --random-output-len 200 --max-concurrency 64 --num-prompts 640 --request-rate inf',
    );
    assert.equal(c.tool, 'vllm-bench');
    assert.deepEqual(
      [c.client.input_len, c.client.output_len, c.client.concurrency, c.client.total_requests, c.client.dataset, c.client.request_rate],
      [2000, 200, 64, 640, 'random', undefined],
    );
    assert.equal(c.fields.total_requests, '--num-prompts');
  });

  it('benchmark_serving.py with sharegpt: the random lengths do not apply, the sharegpt one does', () => {
    const c = read(
      'python3 benchmarks/benchmark_serving.py --backend vllm --dataset-name sharegpt --dataset-path data.json --random-input-len 99 --sharegpt-output-len 256 --num-prompts 1000',
    );
    assert.deepEqual([c.client.input_len, c.client.output_len, c.client.dataset], [undefined, 256, 'sharegpt']);
  });

  it('sglang bench_serving behind a prompt: `-m` is python, not the model', () => {
    const c = read(
      'root@node:~# python3 -m sglang.bench_serving --backend sglang --num-prompts 300 --random-input-len 1024 --random-output-len 1024 --request-rate 16',
    );
    assert.equal(c.tool, 'sglang-bench');
    assert.equal(c.client.model_path, undefined);
    assert.deepEqual([c.client.total_requests, c.client.input_len, c.client.request_rate], [300, 1024, 16]);
    assert.match(c.text, /^python3 -m sglang\.bench_serving /);
  });

  it('genai-perf: -m is the model, --num-prompts sizes the prompt pool (not the requests), the mean lengths are the lengths', () => {
    const c = read(
      'genai-perf profile -m llama3 --endpoint-type chat --synthetic-input-tokens-mean 550 --output-tokens-mean 128 --num-prompts 100 --concurrency 8 --request-count 40',
    );
    assert.deepEqual(
      [c.client.model_path, c.client.input_len, c.client.output_len, c.client.concurrency, c.client.total_requests],
      ['llama3', 550, 128, 8, 40],
    );
    assert.equal(c.fields.total_requests, '--request-count');
  });

  it("perf_analyzer logged by genai-perf: the command starts at the tool, -m is Triton's model name", () => {
    const c = read("[INFO] genai_perf.wrapper:135 - Running Perf Analyzer : 'perf_analyzer -m llama3 --concurrency-range 4'");
    assert.equal(c.text, 'perf_analyzer -m llama3 --concurrency-range 4');
    assert.deepEqual([c.client.concurrency, c.client.model_path], [4, undefined]);
    assert.equal(read("… Running Perf Analyzer : 'perf_analyzer -m x --concurrency-range 1:8'").client.concurrency, undefined);
  });

  it('evalscope perf: a sweep gives no single concurrency or count; an SLA auto-tune none either', () => {
    const sweep = read('evalscope perf --parallel 1 10 50 --number 10 100 500 --model qwen --dataset random --max-tokens 1024');
    assert.deepEqual([sweep.client.concurrency, sweep.client.total_requests, sweep.client.max_tokens], [undefined, undefined, 1024]);
    assert.deepEqual(sweep.sweeps, ['--parallel', '--number']);
    assert.equal(read('evalscope perf --parallel 2 --number 20 --sla-auto-tune').client.concurrency, undefined);
    assert.equal(read('evalscope perf --parallel 5 --number 50').client.concurrency, 5);
  });

  it('guidellm: a concurrent rate is a concurrency, a constant one a request rate; --data holds the lengths', () => {
    const c = read(
      'guidellm benchmark --target http://localhost:8000 --rate-type concurrent --rate 32 --data "prompt_tokens=512,output_tokens=256"',
    );
    assert.deepEqual(
      [c.client.concurrency, c.client.input_len, c.client.output_len, c.client.url],
      [32, 512, 256, 'http://localhost:8000'],
    );
    const constant = read('guidellm benchmark --target http://h:8000 --rate-type constant --rate 2.5 --data sharegpt');
    assert.deepEqual([constant.client.request_rate, constant.client.dataset, constant.client.concurrency], [2.5, 'sharegpt', undefined]);
  });

  it('aiperf profile', () => {
    const c = read('aiperf profile --model Qwen/Qwen3-0.6B --url http://localhost:8000 --concurrency 10 --request-count 100 --streaming');
    assert.deepEqual([c.client.concurrency, c.client.total_requests, c.client.model_path], [10, 100, 'Qwen/Qwen3-0.6B']);
  });
});

describe('what is not a client command', () => {
  for (const line of [
    'We compared against genai-perf results from last week.',
    '<!-- aiperf-run-2 -->',
    'see benchmarks/benchmark_serving.py for the options',
    'python3 -m sglang.launch_server --model-path x --tp 2',
  ])
    it(line, () => assert.equal(clientToolAt(line), undefined));
});

describe('property: order, `=` and continuation lines do not change what a command states', () => {
  const flags = fc.record({
    '--num-prompts': fc.integer({ min: 1, max: 10000 }),
    '--max-concurrency': fc.integer({ min: 1, max: 1024 }),
    '--random-input-len': fc.integer({ min: 1, max: 32768 }),
    '--random-output-len': fc.integer({ min: 1, max: 8192 }),
    '--request-rate': fc.integer({ min: 1, max: 500 }),
  });
  it('vllm bench serve', () => {
    fc.assert(
      fc.property(flags, fc.func(fc.integer()), fc.boolean(), fc.boolean(), (f, order, equals, wrapped) => {
        const pairs = Object.entries(f).sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b));
        const words = pairs.map(([k, v]) => (equals ? `${k}=${v}` : `${k} ${v}`));
        const text = wrapped
          ? `vllm bench serve \\\n  ${words.join(' \\\n  ')}`.replace(/\\\n\s*/g, ' ')
          : `vllm bench serve ${words.join(' ')}`;
        const c = read(text);
        assert.deepEqual(
          [c.client.total_requests, c.client.concurrency, c.client.input_len, c.client.output_len, c.client.request_rate],
          [f['--num-prompts'], f['--max-concurrency'], f['--random-input-len'], f['--random-output-len'], f['--request-rate']],
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('general HTTP load tools', () => {
  it('wrk: glued short flags, a boolean --latency that takes no value, the URL argument', () => {
    const c = read('$ wrk -t4 -c64 -d30s --latency -s post.lua http://localhost:8000/v1/completions');
    assert.equal(c.tool, 'wrk');
    assert.deepEqual(
      [c.client.concurrency, c.client.url, c.client.total_requests],
      [64, 'http://localhost:8000/v1/completions', undefined],
    );
    assert.equal(c.fields.concurrency, '-c');
  });

  it('wrk2: `-R` is the request rate; `--connections=` spelled long', () => {
    const c = read('./wrk -t2 --connections=32 -d60s -R 40 http://127.0.0.1:30000/generate');
    assert.deepEqual([c.client.concurrency, c.client.request_rate], [32, 40]);
  });

  it('hey: `-n` all requests, `-c` workers; `-m` is the method and `-q` a per-worker rate, neither read', () => {
    const c = read('hey -n 1000 -c 50 -q 2 -m POST -T application/json http://gw:8080/v1/chat/completions');
    assert.equal(c.tool, 'hey');
    assert.deepEqual(
      [c.client.total_requests, c.client.concurrency, c.client.request_rate, c.client.model_path],
      [1000, 50, undefined, undefined],
    );
  });

  it('oha: `-q` is the whole run’s rate; a quoted URL', () => {
    const c = read(`oha -n 500 -c 25 -q 10 --no-tui "http://127.0.0.1:8000/v1/completions"`);
    assert.deepEqual([c.tool, c.client.total_requests, c.client.concurrency, c.client.request_rate], ['oha', 500, 25, 10]);
    assert.equal(c.client.url, 'http://127.0.0.1:8000/v1/completions');
  });

  it('go-stress-testing: `-n` is per goroutine, so the total is -c × -n; the URL is `-u`', () => {
    const c = read('./go-stress-testing-linux -c 8 -n 25 -u http://10.1.1.2:8000/v1/completions');
    assert.equal(c.tool, 'go-stress');
    assert.deepEqual([c.client.concurrency, c.client.total_requests, c.client.url], [8, 200, 'http://10.1.1.2:8000/v1/completions']);
    assert.match(c.fields.total_requests ?? '', /-c × -n/);
  });

  it('ApacheBench behind a zsh prompt: `-n` all requests, `-c` concurrency', () => {
    const c = read(' ~ ab -n 4000 -c 40 http://127.0.0.1:9000/v1/models');
    assert.equal(c.tool, 'ab');
    assert.deepEqual([c.client.concurrency, c.client.total_requests, c.client.url], [40, 4000, 'http://127.0.0.1:9000/v1/models']);
  });
  it('k6: `--vus` the virtual users, `--iterations` the requests in all', () => {
    const c = read('$ k6 run --vus 12 --iterations 240 chat.js');
    assert.deepEqual([c.tool, c.client.concurrency, c.client.total_requests], ['k6', 12, 240]);
  });
  it('locust: `-u` users (the concurrency), `-r` the spawn rate (no request rate), `-H` the host', () => {
    const c = read('locust -f locustfile.py --headless -u 30 -r 3 -t 90s -H http://gpu-box:8000');
    assert.deepEqual([c.tool, c.client.concurrency, c.client.request_rate, c.client.url], ['locust', 30, undefined, 'http://gpu-box:8000']);
  });
  it('mlx_lm.benchmark: `-p` the prompt tokens, `-g` the generated tokens', () => {
    const c = read('mlx_lm.benchmark --model mlx-community/Qwen3-4B-4bit -p 1024 -g 64');
    assert.deepEqual(
      [c.tool, c.client.input_len, c.client.output_len, c.client.model_path],
      ['mlx-lm', 1024, 64, 'mlx-community/Qwen3-4B-4bit'],
    );
    assert.equal(c.fields.input_len, '-p');
  });

  for (const line of [
    'they said hey to the team',
    'we ran wrk against it',
    'oha is a Rust tool',
    'wrk-bench.sh run.lua http://x:1',
    'plan ab test -n users',
    'the locust swarm',
  ])
    it(`no command: ${line}`, () => assert.equal(clientToolAt(line), undefined));
});
