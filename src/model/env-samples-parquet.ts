/**
 * Env and sample records → Parquet, for `parse --format parquet --include env,samples`, each
 * kind in a file of its own beside the runs (their columns have nothing in common with a
 * run's). Env: one row per GPU of each nvidia-smi snapshot (a snapshot without GPU rows gives
 * one row with the GPU columns empty, so that no snapshot is lost). Samples: one row per
 * point; `t` is the time as printed when it is text, `t_s` the seconds when it is a number.
 */
import type { ParquetCell, ParquetColumn } from './parquet-table';
import type { EnvRecord, GpuSnapshot, SampleRecord } from './records';

const SOURCE_COLUMNS: ParquetColumn[] = [
  { name: 'id', type: 'STRING' },
  { name: 'file', type: 'STRING' },
  { name: 'line', type: 'INT64' },
  { name: 'format', type: 'STRING' },
];

export const ENV_PARQUET_COLUMNS: readonly ParquetColumn[] = [
  ...SOURCE_COLUMNS,
  { name: 'timestamp', type: 'STRING' },
  { name: 'driver', type: 'STRING' },
  { name: 'cuda', type: 'STRING' },
  { name: 'gpu_index', type: 'INT64' },
  { name: 'gpu_name', type: 'STRING' },
  { name: 'memory_used_mib', type: 'DOUBLE' },
  { name: 'memory_total_mib', type: 'DOUBLE' },
  { name: 'util_pct', type: 'DOUBLE' },
  { name: 'power_w', type: 'DOUBLE' },
  { name: 'power_cap_w', type: 'DOUBLE' },
  { name: 'temp_c', type: 'DOUBLE' },
  { name: 'perf_state', type: 'STRING' },
  { name: 'processes', type: 'STRING' },
];

export const SAMPLE_PARQUET_COLUMNS: readonly ParquetColumn[] = [
  ...SOURCE_COLUMNS,
  { name: 't', type: 'STRING' },
  { name: 't_s', type: 'DOUBLE' },
  { name: 'series', type: 'STRING' },
  { name: 'labels', type: 'STRING' },
  { name: 'value', type: 'DOUBLE' },
];

const cell = (v: string | number | undefined): ParquetCell => (v === undefined ? null : v);

/** Columns of ENV_PARQUET_COLUMNS from gpu_index on. */
const GPU_COLUMNS = ENV_PARQUET_COLUMNS.length - ENV_PARQUET_COLUMNS.findIndex((c) => c.name === 'gpu_index');

function gpuCells(g: GpuSnapshot | undefined): ParquetCell[] {
  if (!g) return new Array<ParquetCell>(GPU_COLUMNS).fill(null);
  return [
    g.index,
    cell(g.name),
    cell(g.memory_used_mib),
    cell(g.memory_total_mib),
    cell(g.util_pct),
    cell(g.power_w),
    cell(g.power_cap_w),
    cell(g.temp_c),
    cell(g.perf_state),
    g.processes ? JSON.stringify(g.processes) : null,
  ];
}

/** An env record's rows in ENV_PARQUET_COLUMNS order: one per GPU (one when it lists none). */
export function envParquetRows(env: EnvRecord): ParquetCell[][] {
  const lead: ParquetCell[] = [
    env.id,
    env.source.file,
    env.source.line,
    env.source.format,
    cell(env.timestamp),
    cell(env.driver),
    cell(env.cuda),
  ];
  const gpus: Array<GpuSnapshot | undefined> = env.gpus.length > 0 ? env.gpus : [undefined];
  return gpus.map((g) => [...lead, ...gpuCells(g)]);
}

/** A sample's row in SAMPLE_PARQUET_COLUMNS order. */
export function sampleParquetCells(s: SampleRecord): ParquetCell[] {
  return [
    s.id,
    s.source.file,
    s.source.line,
    s.source.format,
    typeof s.t === 'string' ? s.t : null,
    typeof s.t === 'number' ? s.t : null,
    s.series,
    JSON.stringify(s.labels),
    s.value,
  ];
}
