/**
 * nvidia-smi dumps → EnvRecord. Reads both layouts seen in logs: the ≥550 91-column one
 * (wider name field) and the older 470 79-column one (names truncated to "NVIDIA GeForce ...").
 * A `date`-style timestamp line directly above the dump (nvidia-smi prints it itself) becomes
 * the record's timestamp and its first line. A following "Processes:" table is attached to
 * the GPUs; a Processes table pasted on its own gives an EnvRecord of just those GPUs.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import { type EnvRecord, type GpuSnapshot, SCHEMA_VERSION } from '../../../model/records';
import { CTIME_LINE, ctimeToIso, diag, emptyResult, guardedRead, isBlank } from '../../blocks/common';
import type { BlockReader, BlockResult } from '../../types';

const BORDER = /^\s*[+|][-=+]+[+|]\s*$/;
const HEADER = /\|\s*NVIDIA-SMI\s+(\S+)\s+Driver Version:\s*(\S+)(?:\s+CUDA Version:\s*(\S+))?/;
const PROCESSES = /^\s*\|\s*Processes:/;

function isBorder(line: string | undefined): boolean {
  return line !== undefined && BORDER.test(line);
}

function isHeaderAt(lines: readonly string[], i: number): boolean {
  return isBorder(lines[i]) && HEADER.test(lines[i + 1] ?? '');
}

function isProcessesAt(lines: readonly string[], i: number): boolean {
  return isBorder(lines[i]) && PROCESSES.test(lines[i + 1] ?? '');
}

/** Index of the first non-blank line at or after i, looking at most `max` lines ahead. */
function skipBlank(lines: readonly string[], i: number, max: number): number {
  let j = i;
  while (j < lines.length && j - i < max && isBlank(lines[j])) j++;
  return j;
}

/** Cells of a `| a | b | c |` row, without the outer pipes. */
function cells(line: string): string[] {
  const t = line.trim();
  const inner = t.replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|');
}

function int(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** First row of a GPU entry: `|   0  NVIDIA A10                     On  |   00000000:00:07.0 Off |  Off |`. */
function readGpuNameRow(line: string): GpuSnapshot | undefined {
  const c = cells(line);
  const first = c[0] ?? '';
  const m = /^\s*(\d+)\s+(.*?)\s*$/.exec(first);
  if (!m || m[1] === undefined) return undefined;
  // The Persistence-M column (On/Off) ends the first cell; the name is what lies before it.
  const rest = (m[2] ?? '').replace(/\s+(On|Off|N\/A|TCC|WDDM)$/, '').trim();
  const gpu: GpuSnapshot = { index: Number(m[1]) };
  if (rest !== '') gpu.name = rest;
  return gpu;
}

/** Second row: `|  0%   56C    P0            149W /  150W |   22288MiB /  24564MiB |     99%      Default |`. */
function readGpuStatsRow(line: string, gpu: GpuSnapshot): void {
  const c = cells(line);
  const a = c[0] ?? '';
  const temp = /(\d+)C\b/.exec(a);
  if (temp) gpu.temp_c = Number(temp[1]);
  const perf = /\b(P\d{1,2})\b/.exec(a);
  if (perf?.[1]) gpu.perf_state = perf[1];
  const power = /(\d+(?:\.\d+)?)W\s*\/\s*(\d+(?:\.\d+)?)W/.exec(a);
  if (power) {
    gpu.power_w = Number(power[1]);
    gpu.power_cap_w = Number(power[2]);
  } else {
    const cap = /N\/A\s*\/\s*(\d+(?:\.\d+)?)W/.exec(a);
    if (cap) gpu.power_cap_w = Number(cap[1]);
  }
  const mem = /(\d+)MiB\s*\/\s*(\d+)MiB/.exec(c[1] ?? '');
  if (mem) {
    gpu.memory_used_mib = Number(mem[1]);
    gpu.memory_total_mib = Number(mem[2]);
  }
  const util = /(\d+)%/.exec(c[2] ?? '');
  if (util) gpu.util_pct = Number(util[1]);
}

interface ProcessRow {
  gpu: number;
  pid?: number;
  name: string;
  memory_mib?: number;
}

/** `|    0   N/A  N/A      1221      C   ./predict      2726MiB |` (or without GI/CI columns). */
function readProcessRow(line: string): ProcessRow | undefined {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '').trim();
  const withGiCi = /^(\d+)\s+(?:\S+)\s+(?:\S+)\s+(\d+)\s+(C\+G|C|G|M\+C|M)\s+(.+?)\s+(\d+MiB|N\/A)$/.exec(inner);
  const plain = withGiCi ? undefined : /^(\d+)\s+(\d+)\s+(C\+G|C|G|M\+C|M)\s+(.+?)\s+(\d+MiB|N\/A)$/.exec(inner);
  const m = withGiCi ?? plain;
  if (!m) return undefined;
  const row: ProcessRow = { gpu: Number(m[1]), name: (m[4] ?? '').trim() };
  const pid = int(m[2]);
  if (pid !== undefined) row.pid = pid;
  const mem = /^(\d+)MiB$/.exec(m[5] ?? '');
  if (mem) row.memory_mib = Number(mem[1]);
  return row;
}

/**
 * Reads a Processes table starting at its top border (lines[i]). Returns the rows, whether it
 * said "No running processes found", and the index after the table.
 */
function readProcessesTable(
  lines: readonly string[],
  i: number,
  file: string,
  diagnostics: Diagnostic[],
): { rows: ProcessRow[]; none: boolean; next: number } {
  const rows: ProcessRow[] = [];
  let none = false;
  let j = i + 1;
  let inBody = false;
  let closed = false;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBorder(line)) {
      if (/=/.test(line)) {
        inBody = true;
        continue;
      }
      if (j > i + 1) {
        closed = true;
        j++;
        break;
      }
      continue;
    }
    if (!/^\s*\|/.test(line)) break;
    if (!inBody) continue;
    if (/No running processes found/i.test(line)) {
      none = true;
      continue;
    }
    const row = readProcessRow(line);
    if (row) rows.push(row);
    else diagnostics.push(diag('warning', 'table-malformed', `nvidia-smi process row not understood: ${line.trim()}`, file, j));
  }
  if (!closed) diagnostics.push(diag('warning', 'table-truncated', 'nvidia-smi Processes table has no bottom border', file, j - 1));
  return { rows, none, next: j };
}

function attachProcesses(gpus: GpuSnapshot[], rows: ProcessRow[], none: boolean): void {
  if (none || rows.length > 0) for (const g of gpus) g.processes = [];
  for (const r of rows) {
    let gpu = gpus.find((g) => g.index === r.gpu);
    if (!gpu) {
      gpu = { index: r.gpu, processes: [] };
      gpus.push(gpu);
    }
    const p: { pid?: number; name: string; memory_mib?: number } = r.pid !== undefined ? { pid: r.pid, name: r.name } : { name: r.name };
    if (r.memory_mib !== undefined) p.memory_mib = r.memory_mib;
    (gpu.processes ??= []).push(p);
  }
}

const GPU_KEYS: ReadonlyArray<keyof GpuSnapshot> = [
  'index',
  'name',
  'memory_used_mib',
  'memory_total_mib',
  'util_pct',
  'power_w',
  'power_cap_w',
  'temp_c',
  'perf_state',
  'processes',
];

/** Fixed key order so goldens and JSON lines read the same way for every dump. */
function ordered(env: EnvRecord): EnvRecord {
  const head: Record<string, unknown> = { kind: 'env', schema_version: env.schema_version, id: env.id, source: env.source };
  if (env.timestamp !== undefined) head.timestamp = env.timestamp;
  if (env.driver !== undefined) head.driver = env.driver;
  if (env.cuda !== undefined) head.cuda = env.cuda;
  head.gpus = env.gpus.map((g) => {
    const o: Record<string, unknown> = {};
    for (const k of GPU_KEYS) if (g[k] !== undefined) o[k] = g[k];
    return o;
  });
  return head as unknown as EnvRecord;
}

function envRecord(file: string, startLine: number, gpus: GpuSnapshot[]): EnvRecord {
  return {
    kind: 'env',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, startLine + 1),
    source: { file, line: startLine + 1, format: 'nvidia-smi' },
    gpus,
  };
}

function readNvidiaSmi(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  let i = start;
  const timestamp = ctimeToIso(lines[i] ?? '');
  if (timestamp !== undefined) i = skipBlank(lines, i + 1, 2);
  if (isProcessesAt(lines, i)) return readProcessesOnly(lines, i, start, file, timestamp);
  if (!isHeaderAt(lines, i)) return emptyResult(start + 1);

  const env = envRecord(file, start, []);
  if (timestamp !== undefined) env.timestamp = timestamp;
  const h = HEADER.exec(lines[i + 1] ?? '');
  if (h) {
    if (h[2]) env.driver = h[2];
    if (h[3] && h[3] !== 'N/A') env.cuda = h[3];
  }
  const j = readGpuTable(lines, i + 2, env.gpus, file, diagnostics);
  const truncated = env.gpus.find((g) => g.name && /\.\.\.$/.test(g.name));
  if (truncated)
    diagnostics.push(diag('info', 'cell-lossy', `GPU ${truncated.index} name truncated by nvidia-smi: "${truncated.name}"`, file, start));

  // The Processes table follows after a blank (or all-space) line.
  let next = j;
  const p = skipBlank(lines, j, 3);
  if (isProcessesAt(lines, p)) {
    const table = readProcessesTable(lines, p, file, diagnostics);
    attachProcesses(env.gpus, table.rows, table.none);
    next = table.next;
  }
  return { next, runs: [], env: [ordered(env)], samples: [], diagnostics };
}

/** A Processes table pasted on its own (top border at lines[i]): an EnvRecord of just its GPUs. */
function readProcessesOnly(lines: readonly string[], i: number, start: number, file: string, timestamp: string | undefined): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const table = readProcessesTable(lines, i, file, diagnostics);
  const gpus: GpuSnapshot[] = [];
  attachProcesses(gpus, table.rows, table.none);
  gpus.sort((a, b) => a.index - b.index);
  const env = envRecord(file, start, gpus);
  if (timestamp !== undefined) env.timestamp = timestamp;
  return { next: table.next, runs: [], env: [ordered(env)], samples: [], diagnostics };
}

/**
 * The GPU table's rows from lines[from] (after the header line) into `gpus`: each entry
 * between borders is a name row, then a stats row (further rows of an entry are not read).
 * Returns the index after the table.
 */
function readGpuTable(lines: readonly string[], from: number, gpus: GpuSnapshot[], file: string, diagnostics: Diagnostic[]): number {
  let j = from;
  let inBody = false;
  let closed = false;
  let current: GpuSnapshot | undefined;
  let rowInEntry = 0;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBorder(line)) {
      if (/=/.test(line)) inBody = true;
      current = undefined;
      rowInEntry = 0;
      continue;
    }
    if (!/^\s*\|/.test(line)) {
      closed = isBorder(lines[j - 1]);
      break;
    }
    if (!inBody) continue;
    if (rowInEntry === 0) {
      current = readGpuNameRow(line);
      if (current) gpus.push(current);
      else diagnostics.push(diag('warning', 'table-malformed', `nvidia-smi GPU row not understood: ${line.trim()}`, file, j));
    } else if (rowInEntry === 1 && current) {
      readGpuStatsRow(line, current);
    }
    rowInEntry++;
  }
  if (j >= lines.length) closed = isBorder(lines[lines.length - 1]);
  if (!closed) diagnostics.push(diag('warning', 'table-truncated', 'nvidia-smi GPU table has no bottom border', file, j - 1));
  return j;
}

export const nvidiaSmiReader: BlockReader = {
  name: 'nvidia-smi',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    if (CTIME_LINE.test(line)) {
      const j = skipBlank(lines, i + 1, 2);
      return isHeaderAt(lines, j) || isProcessesAt(lines, j);
    }
    return isHeaderAt(lines, i) || isProcessesAt(lines, i);
  },
  read: guardedRead('nvidia-smi block', readNvidiaSmi),
};
