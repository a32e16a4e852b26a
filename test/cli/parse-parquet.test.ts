/**
 * `benchbook parse --format parquet --out FILE`: the file reads back (hyparquet) as the runs
 * the JSON lines hold, with the column types the contract gives, DuckDB queries it, env and
 * samples go to files of their own, and cells a column cannot hold are reported, not dropped
 * silently.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { RunRecord } from '../../src/model/records';
import { runsParquetColumns, writeRunsParquet } from '../../src/model/runs-parquet';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface SchemaElement {
  name: string;
  type?: string;
  converted_type?: string;
}

interface Hyparquet {
  asyncBufferFromFile(file: string): Promise<unknown>;
  parquetRead(o: { file: unknown; rowFormat: 'array'; onComplete: (rows: unknown[][]) => void }): Promise<void>;
  parquetReadObjects(o: { file: unknown }): Promise<Array<Record<string, unknown>>>;
  parquetMetadataAsync(file: unknown): Promise<{ schema: SchemaElement[]; num_rows: bigint }>;
}

async function readParquet(file: string) {
  const h = require('hyparquet') as Hyparquet;
  const buffer = await h.asyncBufferFromFile(file);
  const meta = await h.parquetMetadataAsync(buffer);
  const rows = await h.parquetReadObjects({ file: buffer });
  // Rows as arrays too: hyparquet builds its row objects by assignment, so a `__proto__`
  // column (a metric named so in a log) shows only there.
  let arrays: unknown[][] = [];
  await h.parquetRead({ file: buffer, rowFormat: 'array', onComplete: (r) => (arrays = r) });
  const names = meta.schema.slice(1).map((e) => e.name);
  return { rows, arrays, names, schema: new Map(meta.schema.slice(1).map((e) => [e.name, e])) };
}

function withTmp<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-parquet-'));
  return use(dir).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

test('parse --format parquet: one row per run, read back equal to the JSON lines, typed columns', async () => {
  await withTmp(async (dir) => {
    const out = path.join(dir, 'runs.parquet');
    const pq = cli(['parse', 'data', '--format', 'parquet', '--out', out, '--jobs', '1']);
    assert.equal(pq.code, 0, pq.stderr);
    assert.equal(pq.stdout, '', 'nothing on stdout');
    const runs = cli(['parse', 'data'])
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RunRecord);
    const { rows, schema } = await readParquet(out);
    assert.equal(rows.length, runs.length);
    rows.forEach((row, i) => {
      const run = runs[i] as RunRecord;
      assert.equal(row.id, run.id);
      assert.equal(row.line, BigInt(run.source.line));
      assert.equal(row.engine ?? undefined, run.engine);
      assert.equal(row.parallelism_gpus ?? undefined, run.parallelism?.gpus === undefined ? undefined : BigInt(run.parallelism.gpus));
      assert.equal(row.throughput_rps ?? undefined, run.metrics.throughput_rps);
      assert.equal(row.labels ?? undefined, run.labels.length ? run.labels.join(' > ') : undefined);
      assert.deepEqual(JSON.parse(row.raw as string), run.raw);
      assert.deepEqual(JSON.parse(row.provenance as string), run.provenance);
      for (const [k, v] of Object.entries(run.metrics)) assert.equal(row[k], v, `${run.id} ${k}`);
    });
    assert.deepEqual(
      [schema.get('line')?.type, (schema.get('line') as { repetition_type?: string } | undefined)?.repetition_type],
      ['INT64', 'OPTIONAL'],
    );
    assert.equal(schema.get('throughput_rps')?.type, 'DOUBLE');
    assert.equal(schema.get('requests_ok_count')?.type, 'DOUBLE', 'metrics are DOUBLE whatever their values');
    assert.equal(schema.get('hardware_gpu_count')?.type, 'INT64');
    assert.equal(schema.get('client_temperature')?.type, 'DOUBLE');
    assert.deepEqual([schema.get('engine')?.type, schema.get('engine')?.converted_type], ['BYTE_ARRAY', 'UTF8']);
    assert.deepEqual(fs.readdirSync(dir), ['runs.parquet'], 'no temporary file left beside it');
  });
});

test('DuckDB reads the file: throughput by engine equals what the JSON lines give', async () => {
  await withTmp(async (dir) => {
    const out = path.join(dir, 'runs.parquet');
    assert.equal(cli(['parse', 'data', '--format', 'parquet', '--out', out]).code, 0);
    const runs = cli(['parse', 'data'])
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RunRecord);
    const expected = new Map<string, { n: number; sum: number; count: number }>();
    for (const r of runs) {
      const e = expected.get(r.engine ?? '') ?? { n: 0, sum: 0, count: 0 };
      e.n++;
      if (r.metrics.throughput_rps !== undefined) {
        e.sum += r.metrics.throughput_rps;
        e.count++;
      }
      expected.set(r.engine ?? '', e);
    }
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    try {
      const reader = await conn.runAndReadAll(
        `SELECT coalesce(engine, '') AS engine, count(*) AS n, avg(throughput_rps) AS rps, sum(parallelism_gpus) AS gpus FROM read_parquet('${out.replace(/'/g, "''")}') GROUP BY ALL ORDER BY engine`,
      );
      const rows = reader.getRowObjects();
      assert.deepEqual(
        rows.map((r) => r.engine),
        [...expected.keys()].sort(),
      );
      for (const r of rows) {
        const e = expected.get(r.engine as string);
        assert.equal(Number(r.n), e?.n);
        assert.ok(Math.abs(Number(r.rps) - (e?.sum ?? 0) / (e?.count ?? 1)) < 1e-9, `${r.engine}: ${r.rps}`);
      }
      const types = await conn.runAndReadAll(`DESCRIBE SELECT line, engine, throughput_rps FROM read_parquet('${out}')`);
      assert.deepEqual(
        types.getRowObjects().map((r) => r.column_type),
        ['BIGINT', 'VARCHAR', 'DOUBLE'],
      );
    } finally {
      conn.closeSync();
    }
  });
});

test('--include env,samples: their own files beside the runs; --format parquet needs --out', async () => {
  await withTmp(async (dir) => {
    const input = path.join(dir, 'in');
    fs.mkdirSync(input);
    fs.copyFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'), path.join(input, 'a10.md'));
    fs.copyFileSync(path.join(REPO_ROOT, 'test/fixtures/blocks/prometheus-multi-scrape.synthetic.txt'), path.join(input, 'prom.txt'));
    const out = path.join(dir, 'all.parquet');
    const r = cli(['parse', input, '--format', 'parquet', '--out', out, '--include', 'env,samples']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['all.env.parquet', 'all.parquet', 'all.samples.parquet', 'in']);
    const records = cli(['parse', input, '--include', 'env,samples'])
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const env = records.filter((x) => x.kind === 'env');
    const samples = records.filter((x) => x.kind === 'sample');
    assert.ok(env.length > 0 && samples.length > 0);
    const envRows = (await readParquet(path.join(dir, 'all.env.parquet'))).rows;
    assert.equal(
      envRows.length,
      env.reduce((n, e) => n + Math.max(1, e.gpus.length), 0),
      'one row per GPU',
    );
    assert.equal(envRows[0]?.gpu_name, env[0].gpus[0].name);
    const sampleRows = (await readParquet(path.join(dir, 'all.samples.parquet'))).rows;
    assert.deepEqual(
      sampleRows.map((s) => [s.id, s.series, s.value]),
      samples.map((s) => [s.id, s.series, s.value]),
    );
    const noOut = cli(['parse', input, '--format', 'parquet']);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--out FILE/);
  });
});

function run(over: Partial<RunRecord>): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: 'x.log:3',
    source: { file: 'x.log', line: 3, format: 'rich-table' },
    labels: [],
    metrics: { throughput_rps: 2 },
    raw: {},
    provenance: {},
    flags: [],
    ...over,
  };
}

test('a cell its column cannot hold is left empty with a warning; a metric named like a column gets metric_', async () => {
  await withTmp(async (dir) => {
    const file = path.join(dir, 'r.parquet');
    const runs = [
      // Metric names come from logs: `engine` is a fixed column's, `__proto__` an own key.
      run({ client: { concurrency: 2.5 }, metrics: JSON.parse('{"engine": 7, "throughput_rps": 1.5, "__proto__": 3}') }),
      run({ id: 'x.log:9', source: { file: 'x.log', line: 9, format: 'rich-table' }, client: { concurrency: 4 } }),
    ];
    const diagnostics = await writeRunsParquet(runs, file);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.file, d.line]),
      [['cell-lossy', 'x.log', 3]],
    );
    assert.match(diagnostics[0]?.message ?? '', /client_concurrency = 2.5 is not a whole number/);
    const { arrays, names } = await readParquet(file);
    const at = (name: string) => names.indexOf(name);
    assert.deepEqual(
      arrays.map((r) => [r[at('client_concurrency')], r[at('metric_engine')], r[at('throughput_rps')], r[at('__proto__')]]),
      [
        [null, 7, 1.5, 3],
        [4n, null, 2, null],
      ],
    );
    // Names stay unique however the metric names collide.
    const columns = runsParquetColumns(['engine', 'metric_engine', 'metric_metric_engine', 'raw']);
    assert.equal(new Set(columns.map((c) => c.name)).size, columns.length);
    assert.deepEqual(
      columns.slice(-4).map((c) => [c.from, c.name]),
      [
        ['engine', 'metric_engine'],
        ['metric_engine', 'metric_metric_engine'],
        ['metric_metric_engine', 'metric_metric_metric_engine'],
        ['raw', 'metric_raw'],
      ],
    );
  });
});
