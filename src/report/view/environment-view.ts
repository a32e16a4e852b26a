/**
 * The "Environment" section: GPUs (nvidia-smi snapshots, else the hardware the runs name),
 * engines with their launch commands, models, and client settings; each row counts its runs.
 */
import type { EnvRecord, RunRecord } from '../../model/records';
import { formatNumber, mdCode, mdInline } from '../helpers';
import { engineName, formatSetting, table } from './common';
import type { MdTable, ReportView } from './types';

/** Client-setting rows shown; the rest are in runs.csv. */
const CLIENT_ROWS = 12;

interface Counted {
  cells: string[];
  runs: number;
}

function count(rows: Map<string, Counted>, key: string, cells: () => string[]): void {
  const row = rows.get(key);
  if (row) row.runs++;
  else rows.set(key, { cells: cells(), runs: 1 });
}

function gpuTable(env: readonly EnvRecord[], nameFile: (f: string) => string): MdTable | undefined {
  if (!env.length) return undefined;
  const rows = new Map<string, Counted>();
  for (const e of env) {
    const names = new Map<string, number>();
    for (const g of e.gpus) names.set(g.name ?? 'GPU', (names.get(g.name ?? 'GPU') ?? 0) + 1);
    const gpuText = [...names.entries()].map(([n, k]) => `${k} × ${n}`).join(', ');
    const mem = [...new Set(e.gpus.map((g) => g.memory_total_mib).filter((m): m is number => m !== undefined))]
      .map((m) => `${formatNumber(m)} MiB`)
      .join(', ');
    count(rows, [e.source.file, gpuText, mem, e.driver ?? '', e.cuda ?? ''].join('\u0000'), () => [
      `${nameFile(e.source.file)}:${e.source.line}`,
      mdInline(gpuText),
      mem,
      mdInline(e.driver ?? ''),
      mdInline(e.cuda ?? ''),
    ]);
  }
  return table(
    ['Source', 'GPUs', 'Memory per GPU', 'Driver', 'CUDA', 'Snapshots'],
    [false, false, true, false, false, true],
    [...rows.values()].map((r) => [...r.cells, String(r.runs)]),
  );
}

/** Hardware the runs name (preset tables, --set): without a dump, and always for presets, which a dump cannot describe. */
function hardwareTable(runs: readonly RunRecord[], hasEnv: boolean): MdTable | undefined {
  const rows = new Map<string, Counted>();
  for (const r of runs) {
    const h = r.hardware;
    if (!h || (hasEnv && h.preset === undefined)) continue;
    const memory =
      h.gpu_memory_mib !== undefined
        ? `${formatNumber(h.gpu_memory_mib)} MiB`
        : h.vram_gb !== undefined
          ? `${formatNumber(h.vram_gb)} GB`
          : '';
    const cells = [
      mdInline(h.preset ?? ''),
      mdInline(h.gpu ?? ''),
      formatNumber(h.gpu_count),
      memory,
      formatNumber(h.vcpus),
      h.memory_gb !== undefined ? `${formatNumber(h.memory_gb)} GB` : '',
    ];
    count(rows, cells.join('\u0000'), () => cells);
  }
  if (!rows.size) return undefined;
  return table(
    ['Preset', 'GPU', 'GPUs', 'GPU memory', 'vCPUs', 'Memory', 'Runs'],
    [false, false, true, true, true, true, true],
    [...rows.values()].map((r) => [...r.cells, String(r.runs)]),
  );
}

function parallelismText(r: RunRecord): string {
  const p = r.parallelism;
  if (!p) return '';
  return [p.tp !== undefined ? `tp ${p.tp}` : '', p.dp !== undefined ? `dp ${p.dp}` : '', p.pp !== undefined ? `pp ${p.pp}` : '']
    .filter(Boolean)
    .join(', ');
}

function launchTables(runs: readonly RunRecord[], nameFile: (f: string) => string): { engines?: MdTable; models?: MdTable } {
  const engineRows = new Map<string, Counted>();
  const modelRows = new Map<string, Counted>();
  for (const r of runs) {
    const par = parallelismText(r);
    count(engineRows, [r.engine ?? '', r.server?.command ?? '', par, r.server?.context_length ?? ''].join('\u0000'), () => [
      mdInline(engineName(r.engine)),
      mdCode(r.server?.command ?? ''),
      mdInline(par),
      formatNumber(r.server?.context_length),
      `${nameFile(r.source.file)}:${r.source.line}`,
    ]);
    const path = r.server?.model_path ?? r.client?.model_path;
    if (r.model !== undefined || path !== undefined)
      count(modelRows, [r.model ?? '', path ?? ''].join('\u0000'), () => [mdInline(r.model ?? 'not stated'), mdCode(path ?? '')]);
  }
  const out: { engines?: MdTable; models?: MdTable } = {};
  if (engineRows.size)
    out.engines = table(
      ['Engine', 'Launch command', 'Parallelism', 'Context', 'First run', 'Runs'],
      [false, false, false, true, false, true],
      [...engineRows.values()].map((r) => [...r.cells, String(r.runs)]),
    );
  if (modelRows.size)
    out.models = table(
      ['Model', 'Path', 'Runs'],
      [false, false, true],
      [...modelRows.values()].map((r) => [...r.cells, String(r.runs)]),
    );
  return out;
}

function clientTable(runs: readonly RunRecord[]): { clients?: MdTable; more: number } {
  const rows = new Map<string, Counted>();
  for (const r of runs) {
    const c = r.client;
    if (!c) continue;
    const cells = [
      formatNumber(c.concurrency),
      formatNumber(c.total_requests),
      formatNumber(c.max_tokens),
      c.temperature !== undefined ? formatSetting(c.temperature) : '',
      formatNumber(c.request_rate),
      c.input_len !== undefined || c.output_len !== undefined ? `${formatNumber(c.input_len)} / ${formatNumber(c.output_len)}` : '',
      mdInline(c.url ?? ''),
    ];
    count(rows, cells.join('\u0000'), () => cells);
  }
  const list = [...rows.values()];
  if (!list.length) return { more: 0 };
  // Columns no row fills are left out (fewer, wider columns fit the page).
  const header = ['Concurrency', 'Requests', 'Max tokens', 'Temperature', 'Request rate', 'Input / output len', 'URL', 'Runs'];
  const keep = header.map((_, i) => i === header.length - 1 || list.some((r) => (r.cells[i] ?? '') !== ''));
  const pick = <T>(xs: T[]): T[] => xs.filter((_, i) => keep[i]);
  return {
    clients: table(
      pick(header),
      pick([true, true, true, true, true, true, false, true]),
      list.slice(0, CLIENT_ROWS).map((r) => pick([...r.cells, String(r.runs)])),
    ),
    more: Math.max(0, list.length - CLIENT_ROWS),
  };
}

export function buildEnvironmentView(
  runs: readonly RunRecord[],
  env: readonly EnvRecord[],
  nameFile: (f: string) => string,
): ReportView['environment'] {
  const gpus = gpuTable(env, nameFile);
  const hardware = hardwareTable(runs, env.length > 0);
  const { engines, models } = launchTables(runs, nameFile);
  const { clients, more } = clientTable(runs);
  const view: ReportView['environment'] = { gpuSource: env.length ? 'nvidia-smi' : '', clientsMore: more };
  if (gpus) view.gpus = gpus;
  if (hardware) view.hardware = hardware;
  if (engines) view.engines = engines;
  if (models) view.models = models;
  if (clients) view.clients = clients;
  return view;
}
