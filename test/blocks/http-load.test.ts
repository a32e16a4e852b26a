/**
 * General HTTP load tools people point at LLM servers (wrk, wrk2, hey, oha, go-stress-testing):
 * each block is one run in vocabulary units; nothing LLM-specific is invented; the engine and
 * parallelism come from the scope, as for other blocks. Fixtures are hand-written in the shapes
 * of the tools' output (test/fixtures/blocks/).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { goStressReader, heyOhaReader, wrkReader } from '../../src/ingest/blocks/index';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, scanFile } from './helpers';

function onlyRun(name: string) {
  const scans = scanFile(name, fixtureLines(name));
  const withRuns = scans.filter((s) => s.result.runs.length > 0);
  assert.equal(withRuns.length, 1, `one block with a run in ${name}`);
  const runs = withRuns[0]?.result.runs ?? [];
  assert.equal(runs.length, 1);
  return { scans, run: runs[0]!, block: withRuns[0]! };
}

/** What no HTTP load tool measures: no TTFT, TPOT, ITL or token rate is read from them. */
function assertNothingLlm(metrics: Record<string, number>): void {
  const llm = Object.keys(metrics).filter((k) => /^(ttft|tpot|itl)_|_tps/.test(k));
  assert.deepEqual(llm, []);
}

describe('wrk', () => {
  it('without --latency: Thread Stats in seconds, Requests/sec is the throughput', () => {
    const { scans, run } = onlyRun('wrk-plain.txt');
    assert.equal(run.format, 'wrk');
    assert.equal(run.startLine + 1, 2, 'starts at "Running 1m test @"');
    assert.equal(run.client?.concurrency, 16);
    assert.equal(run.client?.url, 'http://10.0.0.5:8000/v1/chat/completions');
    const m = run.metrics;
    assert.equal(m.latency_mean_s, 0.84217);
    assert.equal(m.latency_std_s, 0.12044);
    assert.equal(m.latency_max_s, 1.31);
    assert.equal(m.duration_s, 60, '"in 1.00m"');
    assert.equal(m.throughput_rps, 18.84);
    assert.equal(m.requests_ok_count, 1131);
    assert.equal(m.requests_failed_count, 0, 'wrk prints no error line when there were none');
    assert.equal(m.latency_p50_s, undefined);
    assertNothingLlm(m);
    assertGolden('blocks/wrk-plain.txt.json', scans);
  });

  it("the per-thread Req/Sec is never the run's throughput", () => {
    const { run } = onlyRun('wrk-plain.txt');
    assert.equal(run.metrics.per_thread_rps_mean, 9.86);
    assert.equal(run.metrics.per_thread_rps_max, 20);
    assert.notEqual(run.metrics.throughput_rps, run.metrics.per_thread_rps_mean);
    assert.match(run.provenance['metrics.per_thread_rps_mean'] ?? '', /one thread, not the run's/);
  });

  it('with --latency: percentiles, and errors counted as failed (said how)', () => {
    const { scans, run } = onlyRun('wrk-latency.txt');
    const m = run.metrics;
    assert.deepEqual([m.latency_p50_s, m.latency_p75_s, m.latency_p90_s, m.latency_p99_s], [2.36, 2.63, 2.95, 3.71]);
    assert.equal(m.requests_ok_count, 782, '786 requests less 4 non-2xx/3xx');
    assert.equal(m.requests_failed_count, 13, '4 non-2xx/3xx + 9 timeouts');
    assert.equal(m.socket_errors_timeout, 9);
    assert.match(run.provenance['metrics.requests_failed_count'] ?? '', /Non-2xx or 3xx responses \(4\) \+ socket timeouts \(9\)/);
    assert.deepEqual(run.flags, ['failed-requests']);
    assertGolden('blocks/wrk-latency.txt.json', scans);
  });

  it('wrk2: HdrHistogram percentiles to 99.999%, the spectrum consumed and said so, the 100% line no metric', () => {
    const { scans, run, block } = onlyRun('wrk2-spectrum.txt');
    assert.equal(run.title, 'wrk2');
    const m = run.metrics;
    assert.equal(m.latency_p50_s, 0.6313);
    assert.equal(m.latency_p99_9_s, 1.02);
    assert.equal(m.latency_p99_999_s, 1.05);
    assert.equal(m.latency_max_s, 1.05, 'from Thread Stats');
    assert.equal(run.raw['100.000%'], '1.05s');
    assert.equal(run.raw['Detailed Percentile spectrum'], '6 rows (ms), not kept');
    assert.equal(run.raw['spectrum Mean'], '640.281');
    assert.equal(m.throughput_rps, 39.93);
    assert.equal(block.result.next, fixtureLines('wrk2-spectrum.txt').indexOf('Transfer/sec:     77.81KB') + 1);
    assertGolden('blocks/wrk2-spectrum.txt.json', scans);
  });

  it('startsAt is cheap and exact: prose about wrk starts nothing', () => {
    const lines = ['Running the test @ noon', 'Thread Stats are below', '4 threads and 64 connections'];
    assert.equal(wrkReader.startsAt(lines, 0), false);
    assert.equal(wrkReader.startsAt(lines, 1), false);
    assert.equal(wrkReader.startsAt(lines, 2), true, 'a block pasted without its Running line');
  });
});

describe('hey and oha', () => {
  it('hey: Summary in seconds, percentiles p10…p99, status and error counts', () => {
    const { scans, run } = onlyRun('hey-summary.txt');
    assert.equal(run.format, 'hey');
    const m = run.metrics;
    assert.deepEqual(
      [m.duration_s, m.latency_max_s, m.latency_min_s, m.latency_mean_s, m.throughput_rps],
      [41.8802, 3.4417, 0.912, 2.0391, 9.551],
    );
    assert.deepEqual([m.latency_p10_s, m.latency_p50_s, m.latency_p99_s], [1.5218, 2.041, 3.0502]);
    assert.equal(m.requests_ok_count, 394);
    assert.equal(m.requests_failed_count, 6, '4 × 503 and 2 errors');
    assert.equal(m.resp_wait_mean_s, 2.0381, "hey's resp wait is kept under its own name, never as a TTFT");
    assert.equal(run.raw['Response time histogram']?.split(' ').length, 11);
    assertNothingLlm(m);
    assertGolden('blocks/hey-summary.txt.json', scans);
  });

  it('oha: its own format, `sec` units, binary sizes, p99.9 and p99.99', () => {
    const { scans, run } = onlyRun('oha-summary.txt');
    assert.equal(run.format, 'oha');
    const m = run.metrics;
    assert.equal(m.success_rate_pct, 100);
    assert.equal(m.duration_s, 22.4706);
    assert.equal(m.latency_p99_9_s, 3.0417);
    assert.equal(m.latency_p99_99_s, 3.0417);
    assert.equal(m.total_data_bytes, Math.round(412.11 * 1024));
    assert.equal(m.requests_ok_count, 300);
    assert.equal(m.requests_failed_count, 0);
    assertNothingLlm(m);
    assertGolden('blocks/oha-summary.txt.json', scans);
  });

  it('oha scales: ms, and tens of seconds', () => {
    const lines = [
      'Summary:',
      '  Success rate:\t100.00%',
      '  Total:\t1.2000 10 sec',
      '  Slowest:\t812.5000 ms',
      '  Average:\t400.0000 ms',
      '  Requests/sec:\t5.0000',
    ];
    assert.equal(heyOhaReader.startsAt(lines, 0), true);
    const run = heyOhaReader.read(lines, 0, 'o.txt').runs[0]!;
    assert.deepEqual([run.metrics.duration_s, run.metrics.latency_max_s, run.metrics.latency_mean_s], [12, 0.8125, 0.4]);
  });

  it('a `Summary:` of something else starts nothing', () => {
    assert.equal(heyOhaReader.startsAt(['Summary:', '  Total: 12 runs'], 0), false);
    assert.equal(heyOhaReader.startsAt(['Summary:', 'The gateway held up.'], 0), false);
  });
});

describe('go-stress-testing', () => {
  it('cumulative rows are ONE run (the last row and the stat block), and samples over time', () => {
    const { scans, run, block } = onlyRun('go-stress-cjk.txt');
    assert.equal(run.format, 'go-stress');
    const m = run.metrics;
    assert.equal(m.throughput_rps, 3.97);
    assert.equal(m.latency_max_s, 1.0719);
    assert.equal(m.latency_min_s, 0.94177);
    assert.equal(m.latency_mean_s, 1.00735);
    assert.equal(m.latency_p99_s, 1.071);
    assert.equal(m.duration_s, 10.113, '总请求时间 beats the whole seconds of the last row');
    assert.deepEqual([m.requests_ok_count, m.requests_failed_count], [39, 1]);
    assert.deepEqual([run.client?.concurrency, run.client?.total_requests], [4, 40]);
    assert.equal(run.client?.url, 'http://127.0.0.1:8000/v1/completions');
    assert.equal(run.raw.错误码, '200:39;503:1');
    const samples = block.result.samples;
    assert.equal(samples.length, 10 * 6);
    const rps = samples.filter((s) => s.series === 'throughput_rps');
    assert.deepEqual(
      rps.map((s) => s.t),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
    assert.equal(samples.find((s) => s.series === 'latency_mean_s' && s.t === 1)?.value, 0.97031);
    assertGolden('blocks/go-stress-cjk.txt.json', scans);
  });

  it('pasted without preamble or stat block: still one run, from the last row', () => {
    const lines = [
      ' 耗时│ 并发数 │ 成功数│ 失败数 │   qps  │最长耗时 │最短耗时│平均耗时 │ 错误码',
      '─────┼───────┼───────┼───────┼────────┼────────┼────────┼────────┼────────',
      '   1s│      2│      5│      0│    5.10│  420.00│  380.00│  392.00│200:5',
      '   2s│      2│     10│      0│    5.05│  431.00│  380.00│  396.00│200:10',
    ];
    assert.equal(goStressReader.startsAt(lines, 0), true);
    const r = goStressReader.read(lines, 0, 'g.txt');
    assert.equal(r.runs.length, 1);
    assert.deepEqual([r.runs[0]?.metrics.duration_s, r.runs[0]?.client?.concurrency], [2, 2]);
    assert.equal(r.samples.length, 12);
    assert.ok(r.diagnostics.some((d) => /no 结果 stat block/.test(d.message)));
  });
});

describe('scope', () => {
  const text = [
    '## gateway check',
    'vllm serve /models/Qwen2.5-7B-Instruct --tensor-parallel-size 2 --max-model-len 8192',
    '',
    ...fixtureLines('wrk-latency.txt'),
    ...fixtureLines('hey-summary.txt'),
  ].join('\n');
  const res = parseLog(text, { file: 'gateway.log' });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');

  it('a wrk block under `vllm serve … --tensor-parallel-size 2` takes engine, tp and model from it', () => {
    const wrk = runs.find((r) => r.source.format === 'wrk');
    assert.equal(wrk?.engine, 'vllm');
    assert.equal(wrk?.parallelism?.tp, 2);
    assert.equal(wrk?.model, 'Qwen2.5-7B-Instruct');
    assert.match(wrk?.provenance.engine ?? '', /launch command at line 2/);
  });

  it("each tool's run takes its own tool's command, not the other's", () => {
    const wrk = runs.find((r) => r.source.format === 'wrk');
    const hey = runs.find((r) => r.source.format === 'hey');
    assert.equal(wrk?.client?.command, 'wrk -t4 -c64 -d30s --latency http://gateway:8080/v1/completions');
    assert.equal(hey?.client?.concurrency, 20);
    assert.equal(hey?.client?.total_requests, 400);
    assert.match(hey?.provenance['client.concurrency'] ?? '', /client command at line \d+ \(-c\)/);
  });

  it('go-stress rows are samples with --include samples, the run once', () => {
    const r = parseLog(fixtureLines('go-stress-cjk.txt').join('\n'), { file: 'g.log' });
    assert.equal(r.records.filter((x) => x.kind === 'run').length, 1);
    const s = r.records.filter((x): x is SampleRecord => x.kind === 'sample');
    assert.equal(s.length, 60);
  });
});

describe('properties', () => {
  const unit = fc.constantFrom(['us', 1e-6], ['ms', 1e-3], ['s', 1]) as fc.Arbitrary<[string, number]>;
  const hundredths = fc.integer({ min: 1, max: 99_999 });

  it('wrk: latency in any unit wrk prints reads back in seconds; Requests/sec is the throughput, whatever Req/Sec says', () => {
    fc.assert(
      fc.property(hundredths, unit, hundredths, hundredths, fc.integer({ min: 1, max: 512 }), (lat, [u, f], perThread, rps, conns) => {
        const text = (n: number) => (n / 100).toFixed(2);
        const lines = [
          `Running 5m test @ http://h:8000/v1/completions`,
          `  2 threads and ${conns} connections`,
          '  Thread Stats   Avg      Stdev     Max   +/- Stdev',
          `    Latency   ${text(lat)}${u}    1.00ms   ${text(lat)}${u}   70.00%`,
          `    Req/Sec   ${text(perThread)}     1.00     ${text(perThread)}     60.00%`,
          // As wrk prints them, the count and Requests/sec agree (rps/100 per second over 5 minutes).
          `  ${rps * 3} requests in 5.00m, 1.00MB read`,
          `Requests/sec:   ${text(rps)}`,
          'Transfer/sec:    10.00KB',
        ];
        const run = wrkReader.read(lines, 0, 'w.txt').runs[0];
        assert.ok(run);
        assert.ok(Math.abs((run.metrics.latency_mean_s ?? Number.NaN) - (lat / 100) * f) < 1e-12);
        assert.equal(run.metrics.throughput_rps, rps / 100);
        assert.equal(run.metrics.per_thread_rps_mean, perThread / 100);
        assert.equal(run.client?.concurrency, conns);
      }),
      { numRuns: 200 },
    );
  });

  it('go-stress: N cumulative rows are one run (the last row) and 6 × N samples', () => {
    const row = fc.record({ ok: fc.integer({ min: 0, max: 9999 }), qps: hundredths, mean: hundredths });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (rows) => {
        const lines = [
          '─────┬───────┬───────┬───────┬────────┬────────┬────────┬────────┬────────',
          ' 耗时│ 并发数│ 成功数│ 失败数│   qps  │最长耗时│最短耗时│平均耗时│ 错误码',
          '─────┼───────┼───────┼───────┼────────┼────────┼────────┼────────┼────────',
          ...rows.map(
            (r, k) =>
              `${String(k + 1).padStart(4)}s│      3│${String(r.ok).padStart(7)}│      0│${(r.qps / 100).toFixed(2).padStart(8)}│ 1000.00│   10.00│${(r.mean / 100).toFixed(2).padStart(8)}│200:${r.ok}`,
          ),
        ];
        const r = goStressReader.read(lines, 0, 'g.txt');
        const last = rows[rows.length - 1]!;
        assert.equal(r.runs.length, 1);
        assert.equal(r.runs[0]?.metrics.throughput_rps, last.qps / 100);
        assert.equal(r.runs[0]?.metrics.requests_ok_count, last.ok);
        assert.equal(r.samples.length, 6 * rows.length);
        assert.equal(r.next, lines.length);
      }),
      { numRuns: 100 },
    );
  });
});
