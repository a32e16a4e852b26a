/**
 * More general HTTP/gRPC load tools people point at LLM servers: ApacheBench, h2load, ghz and
 * vegeta (src/ingest/formats/{ab,h2load,ghz,vegeta}). Each report is one run in vocabulary units;
 * counts as wrk and hey count them; the tool's command gives the client settings. Fixtures are
 * hand-written in the shapes of the tools' outputs, several releases each (test/fixtures/blocks/).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BLOCK_READERS } from '../../src/ingest/blocks/index';
import { abReader } from '../../src/ingest/formats/ab/ab';
import { ghzReader } from '../../src/ingest/formats/ghz/ghz';
import { h2loadReader } from '../../src/ingest/formats/h2load/h2load';
import { goDuration, vegetaReader } from '../../src/ingest/formats/vegeta/vegeta';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, scanFile } from './helpers';

function runsOf(name: string): RunRecord[] {
  const res = parseLog(fixtureLines(name).join('\n'), { file: name });
  return res.records.filter((r): r is RunRecord => r.kind === 'run');
}

function golden(name: string) {
  const scans = scanFile(name, fixtureLines(name));
  assertGolden(`blocks/${name}.json`, scans);
  return scans.flatMap((s) => s.result.runs);
}

/** What no HTTP load tool measures: no TPOT, ITL or token rate is read from them. */
function assertNothingLlm(metrics: Record<string, number>): void {
  assert.deepEqual(
    Object.keys(metrics).filter((k) => /^(tpot|itl)_|_tps/.test(k)),
    [],
  );
}

describe('ApacheBench', () => {
  it('ab 2.3: summary, both Time per request lines, the grid, the percentages, a # comment', () => {
    const [run] = runsOf('ab-post-failed.txt');
    assert.equal(run?.source.format, 'ab');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.duration_s, m.throughput_rps, m.latency_mean_s], [41.337, 9.68, 0.82674]);
    assert.equal(m.time_per_request_across_concurrent_ms, 103.343, 'the second Time per request is no latency');
    assert.deepEqual([m.latency_min_s, m.latency_std_s, m.latency_p50_s, m.latency_max_s], [0.403, 0.1402, 0.812, 1.393]);
    assert.equal(m.connection_total_mean_s, 0.825, "the grid's measured mean, beside the computed one");
    assert.deepEqual([m.latency_p66_s, m.latency_p98_s, m.latency_p99_s], [0.871, 1.19, 1.261]);
    assert.equal(m.connect_time_max_s, 0.003);
    assert.equal(m.transfer_bytes_per_s, Math.round(8.77 * 1024), '[Kbytes/sec] are of 1024 bytes');
    assert.equal(m.transfer_sent_bytes_per_s, Math.round(3.11 * 1024));
    assert.equal(m.requests_failed_count, 6);
    assert.equal(m.requests_ok_count, undefined, 'non-2xx responses may be among the failed: no ok count guessed');
    assert.deepEqual(run?.flags, ['failed-requests']);
    assert.equal(run?.raw['comment 1'], '# eight workers');
    assert.deepEqual([run?.client?.concurrency, run?.client?.total_requests], [8, 400]);
    assert.equal(run?.client?.url, 'http://10.1.2.3:8000/v1/completions');
    assertNothingLlm(m);
    golden('ab-post-failed.txt');
  });

  it('ab 1.3, pasted without banner: kb/s in 1000 bytes, the Connnection grid, its avg is the mean', () => {
    const [run] = runsOf('ab-classic.txt');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.throughput_rps, m.transfer_bytes_per_s], [15.99, 36200]);
    assert.deepEqual([m.latency_min_s, m.latency_mean_s, m.latency_max_s], [0.18, 0.249, 0.613]);
    assert.deepEqual([m.requests_ok_count, m.requests_failed_count], [200, 0]);
    assert.equal(run?.client?.concurrency, 4);
    golden('ab-classic.txt');
  });

  it('starts only at its own lines', () => {
    assert.equal(abReader.startsAt(['This is ApacheBench, Version 2.3 <$Revision: 1 $>'], 0), true);
    assert.equal(abReader.startsAt(['Concurrency Level: 4', 'Time taken for tests: 1 seconds'], 0), true);
    assert.equal(abReader.startsAt(['Concurrency Level: 4', 'Max batch: 8'], 0), false);
  });
});

describe('h2load', () => {
  it('HTTP/2 run: counts, bracketed bytes, the stats grid (us/ms/s), time to 1st byte as TTFT', () => {
    const [run] = runsOf('h2load-h2.txt');
    assert.equal(run?.source.format, 'h2load');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.duration_s, m.throughput_rps, m.transfer_bytes_per_s], [64.21, 31.07, Math.round(48.35 * 1024)]);
    assert.deepEqual([m.requests_ok_count, m.requests_failed_count, m.requests_errored_count], [1990, 10, 5]);
    assert.deepEqual([m.latency_min_s, m.latency_max_s, m.latency_mean_s, m.latency_std_s], [0.41207, 7.93, 2.53, 0.90344]);
    assert.deepEqual([m.ttft_min_ms, m.ttft_max_ms, m.ttft_mean_ms], [498.31, 1870, 902.66]);
    assert.deepEqual([m.traffic_total_bytes, m.traffic_headers_bytes, m.header_space_savings_pct], [3178524, 42188, 88.17]);
    assert.equal(m.per_client_rps_mean, 1.55, "req/s row is per client, never the run's throughput");
    // `-c 20 -m 4`: 20 clients with 4 streams each (http-load-command.ts).
    assert.deepEqual([run?.client?.total_requests, run?.client?.concurrency], [2000, 80]);
    assert.deepEqual(run?.flags, ['failed-requests']);
    golden('h2load-h2.txt');
  });

  it('older timed run: plain byte counts; `requests: N total` is no setting there', () => {
    const [run] = runsOf('h2load-timed-old.txt');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.traffic_total_bytes, m.traffic_data_bytes, m.header_space_savings_pct], [18817470, 13825080, undefined]);
    assert.deepEqual([m.latency_min_s, m.latency_mean_s, m.connect_time_std_s], [0.000311, 0.00155, 0.000061]);
    assert.equal(run?.client?.total_requests, undefined);
    assert.equal(run?.client?.concurrency, 8);
    golden('h2load-timed-old.txt');
  });

  it('starts at `finished in` only', () => {
    assert.equal(h2loadReader.startsAt(['finished in 1.00s, 2.00 req/s, 3.00KB/s'], 0), true);
    assert.equal(h2loadReader.startsAt(['finished in time for lunch'], 0), false);
  });
});

describe('ghz', () => {
  it('Summary in spelled units, `10 % in` percentiles, [OK] responses ok, others failed', () => {
    const [run] = runsOf('ghz-unary.txt');
    assert.equal(run?.source.format, 'ghz');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.requests_count, m.duration_s, m.latency_mean_s, m.throughput_rps], [1000, 12.48, 0.19672, 80.13]);
    assert.deepEqual([m.latency_p10_s, m.latency_p50_s, m.latency_p99_s], [0.1214, 0.18205, 0.6449]);
    assert.deepEqual([m.requests_ok_count, m.requests_failed_count], [996, 4]);
    assert.equal(run?.raw['Response time histogram'], '5 buckets (ms), not kept');
    assert.deepEqual([run?.client?.concurrency, run?.client?.total_requests], [16, 1000]);
    golden('ghz-unary.txt');
  });

  it('two summaries are two runs; hey does not claim a ghz summary', () => {
    const lines = ['Summary:', '  Count:\t10', '  Total:\t1.00 s', '  Average:\t90.00 ms', '  Requests/sec:\t10.00', '', 'Summary:'];
    lines.push('  Count:\t20', '  Total:\t2.00 s', '  Average:\t80.00 ms', '  Requests/sec:\t10.00');
    const first = ghzReader.read(lines, 0, 'g.txt');
    assert.equal(first.next, 5);
    assert.equal(ghzReader.read(lines, 6, 'g.txt').runs[0]?.metrics.latency_mean_s, 0.08);
    const hey = BLOCK_READERS.find((r) => r.name === 'hey');
    assert.equal(hey?.startsAt(lines, 0), false);
  });
});

describe('vegeta', () => {
  it('v12 and older reports: named fields, Go durations, status codes (0 = no response) as failed', () => {
    const runs = runsOf('vegeta-reports.txt');
    assert.equal(runs.length, 2);
    const [a, b] = runs.map((r) => r.metrics);
    assert.deepEqual([a?.requests_count, a?.sent_rate_rps, a?.throughput_rps, a?.duration_s], [1200, 20.02, 19.71, 60.421]);
    assert.deepEqual([a?.latency_min_s, a?.latency_p90_s, a?.latency_max_s], [0.2124, 0.90177, 2.7]);
    assert.deepEqual([a?.requests_ok_count, a?.requests_failed_count, a?.success_rate_pct], [1191, 9, 99.25]);
    assert.equal(runs[0]?.raw['error 2'], 'Post "http://10.0.0.4:8000/v1/completions": context deadline exceeded');
    assert.equal(runs[0]?.client?.request_rate, 20, '-rate=20/s, the command piped into');
    assert.deepEqual([b?.throughput_rps, b?.sent_rate_rps, b?.latency_mean_s, b?.duration_s], [undefined, 5, 0.49820301, 120.310412]);
    assert.equal(runs[1]?.client?.request_rate, 5);
    golden('vegeta-reports.txt');
  });

  it('Go durations', () => {
    assert.deepEqual(['1m0.5s', '845.1µs', '2h', '3ms', '0s', '1.5', ''].map(goDuration), [
      60.5,
      0.0008451,
      7200,
      0.003,
      0,
      undefined,
      undefined,
    ]);
    assert.equal(vegetaReader.startsAt(['Requests      [total, rate]  1, 1.00'], 0), true);
    assert.equal(vegetaReader.startsAt(['Requests were slow'], 0), false);
  });
});

describe('wrk2 pasted in part', () => {
  // In the shape of wrk2's output with its Thread Stats left out and a Requests/sec line cut short.
  const lines = [
    'Running 2m test @ http://10.0.0.2:8000/v1/completions',
    '  4 threads and 16 connections',
    '  Latency Distribution (HdrHistogram - Recorded Latency)',
    ' 50.000%  412.10ms',
    ' 99.000%  998.30ms',
    '100.000%    1.21s',
    '2400 requests in 2.00m, 9.10MB read',
    'Requests/sec:     2',
  ];
  const wrk = BLOCK_READERS.find((r) => r.name === 'wrk');

  it('100.000% is the max when Thread Stats gave none; a rate that disagrees with the count is not taken', () => {
    const r = wrk?.read(lines, 0, 'w.txt');
    const run = r?.runs[0];
    assert.equal(run?.metrics.latency_max_s, 1.21);
    assert.equal(run?.metrics.latency_p50_s, 0.4121);
    assert.equal(run?.metrics.throughput_rps, undefined, '2/s against 2400 requests in 120 s');
    assert.equal(run?.raw['Requests/sec'], '2');
    assert.deepEqual(run?.flags, ['lossy-cell']);
    assert.ok(r?.diagnostics.some((d) => d.severity === 'warning' && d.line === 8 && /disagrees/.test(d.message)));
  });

  it('a rate that agrees is taken', () => {
    const run = wrk?.read([...lines.slice(0, -1), 'Requests/sec:     19.98'], 0, 'w.txt').runs[0];
    assert.equal(run?.metrics.throughput_rps, 19.98);
    assert.deepEqual(run?.flags, []);
  });
});

describe('Locust stats JSON', () => {
  it('a pasted stream cut at both ends: one run per complete snapshot, from its Total entry, the cuts said', () => {
    const res = parseLog(fixtureLines('locust-stats-stream.txt').join('\n'), { file: 's.txt' });
    const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
    assert.deepEqual(
      runs.map((r) => [r.id, r.source.format]),
      [
        ['s.txt:5:snapshot-1', 'locust-json'],
        ['s.txt:6:snapshot-2', 'locust-json'],
      ],
    );
    const m = runs[0]?.metrics ?? {};
    assert.deepEqual([m.requests_count, m.requests_ok_count, m.requests_failed_count], [120, 118, 2]);
    assert.deepEqual([m.latency_mean_s, m.latency_min_s, m.latency_max_s, m.latency_p50_s], [1.51025, 0.402, 4.12, 1.4]);
    assert.deepEqual([m.throughput_rps, m.current_latency_p95_s], [5.1, 3.1]);
    assert.equal(runs[0]?.client?.concurrency, 8, 'user_count');
    assert.deepEqual(runs[0]?.flags, ['failed-requests']);
    const cuts = res.diagnostics.filter((d) => /Locust stats/.test(d.message)).map((d) => d.line);
    assert.deepEqual(cuts, [5, 7]);
    golden('locust-stats-stream.txt');
  });

  it('Locust 2.x, pretty-printed: Aggregated, *_response_time names, the percentiles object', () => {
    const [run] = runsOf('locust-stats-2x.txt');
    const m = run?.metrics ?? {};
    assert.deepEqual([m.latency_min_s, m.latency_p90_s, m.latency_p99_s, m.current_latency_p95_s], [0.6902, 3.3, 5.2, 4.4]);
    assert.equal(run?.raw['endpoint POST /v1/chat/completions'], '640 requests');
    golden('locust-stats-2x.txt');
  });
});
