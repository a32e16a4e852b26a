import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as analyze from '../../src/analyze';
import { mkRun, vllmRun } from './helpers';

const loadedDanfo = (): boolean => Object.keys(require.cache).some((k) => k.includes(`${'danfojs-node'}`));

describe('danfojs frames (loaded once, lazily)', () => {
  it('importing the analysis stage does not load danfojs', () => {
    assert.equal(loadedDanfo(), false);
    analyze.analyzeRuns([vllmRun(1, 2, 10), vllmRun(2, 4, 12)]);
    assert.equal(loadedDanfo(), false, 'analyzeRuns works on plain arrays');
  });

  it('round-trips runs → frame → rows with flat columns and absent values absent; the load notice stays off stderr', async () => {
    const runs = [
      vllmRun(447, 4, 13.22, { temperature: 0.7, flags: ['lossy-cell'] }),
      mkRun({
        line: 180,
        engine: 'sglang',
        gpus: 4,
        concurrency: 5,
        metrics: { throughput_rps: 1.12, latency_max_s: 14.62 },
        flags: ['warmup-suspect', 'duplicate'],
      }),
    ];
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let frame: Awaited<ReturnType<typeof analyze.runsToFrame>>;
    try {
      frame = await analyze.runsToFrame(runs);
    } finally {
      process.stderr.write = write;
    }
    assert.equal(loadedDanfo(), true);
    assert.deepEqual(
      written.filter((w) => /TensorFlow/i.test(w)),
      [],
    );
    assert.equal(process.stderr.write, write, 'stderr restored');
    // The notice is printed when TensorFlow.js starts, at the first tensor op: it must not come later either.
    const later: string[] = [];
    const warn = console.warn;
    const log = console.log;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      later.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    console.warn = (...a: unknown[]) => void later.push(a.join(' '));
    console.log = (...a: unknown[]) => void later.push(a.join(' '));
    try {
      void frame.tensor;
    } finally {
      process.stderr.write = write;
      console.warn = warn;
      console.log = log;
    }
    assert.deepEqual(
      later.filter((w) => /TensorFlow/i.test(w)),
      [],
    );
    assert.deepEqual(frame.columns.slice(0, analyze.FRAME_COLUMNS.length), [...analyze.FRAME_COLUMNS]);
    assert.deepEqual(frame.columns.slice(analyze.FRAME_COLUMNS.length), [
      'latency_max_s',
      'latency_mean_s',
      'output_tps',
      'throughput_rps',
    ]);
    const rows = analyze.frameToRows(frame);
    assert.deepEqual(rows, runs.map(analyze.runToRow));
    assert.deepEqual(rows[1], {
      id: 'logs/t.md:180',
      file: 'logs/t.md',
      line: 180,
      engine: 'sglang',
      gpus: 4,
      concurrency: 5,
      flags: 'warmup-suspect,duplicate',
      latency_max_s: 14.62,
      throughput_rps: 1.12,
    });
    assert.equal(rows[0]!.temperature, 0.7);
    assert.deepEqual(analyze.frameToRuns(frame, runs), runs);
  });

  it('filters, groups and pivots runs into plain rows, with n beside each aggregate', async () => {
    const runs = [
      vllmRun(1, 2, 11.12),
      vllmRun(2, 2, 12.0),
      vllmRun(3, 4, 13.22),
      vllmRun(4, 4, 13.12),
      vllmRun(5, 4, 19, { concurrency: 100 }),
    ];
    assert.deepEqual(
      analyze.filterRuns(runs, { gpus: 4, concurrency: '30' }).map((r) => r.source.line),
      [3, 4],
    );
    const grouped = await analyze.groupRuns(runs, ['gpus', 'concurrency'], { metrics: ['throughput_rps'] });
    assert.deepEqual(grouped, [
      { gpus: 2, concurrency: 30, n: 2, throughput_rps_n: 2, throughput_rps_mean: (11.12 + 12.0) / 2 },
      { gpus: 4, concurrency: 30, n: 2, throughput_rps_n: 2, throughput_rps_mean: (13.22 + 13.12) / 2 },
      { gpus: 4, concurrency: 100, n: 1, throughput_rps_n: 1, throughput_rps_mean: 19 },
    ]);
    // A group where no run has the metric has no mean (danfojs alone would say 0), and says n = 0.
    const noMetric = { ...vllmRun(6, 8, 1), metrics: { output_tps: 100 } };
    const withGap = await analyze.groupRuns([...runs, noMetric], ['gpus'], { metrics: ['throughput_rps'] });
    assert.deepEqual(
      withGap.find((r) => r.gpus === 8),
      { gpus: 8, n: 1, throughput_rps_n: 0 },
    );
    const pivot = await analyze.pivotRuns(runs, { index: 'concurrency', columns: 'gpus', metric: 'throughput_rps' });
    assert.deepEqual(pivot, [
      { concurrency: 30, 2: (11.12 + 12.0) / 2, '2_n': 2, 4: (13.22 + 13.12) / 2, '4_n': 2 },
      { concurrency: 100, 4: 19, '4_n': 1 },
    ]);
  });
});
