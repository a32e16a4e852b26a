/**
 * What a report declares once for all its tables: the presets table (hardware per preset
 * name), the model ids it lists, and the engine, API, temperature and max tokens its prose
 * states (each only when the report states one value).
 */
import type { Engine } from '../../model/records';
import { namesOtherServer } from '../context/other-servers';
import { classifyColumn, normaliseEngine, numberOf } from '../csv/columns';
import { metricOf } from './columns';
import { collectModelIds } from './model-names';
import type { ScannedTable, scanReport } from './scan';

export interface ReportPreset {
  name: string;
  line: number;
  gpu?: string;
  gpu_count?: number;
  vcpus?: number;
  memory_gb?: number;
  vram_gb?: number;
}

export interface DocFacts {
  modelIds: Array<{ id: string; line: number }>;
  presets: Map<string, ReportPreset>;
  presetLine?: number;
  engine?: { value: Engine; line: number; text: string };
  api?: { value: 'openai' | 'native'; line: number; text: string };
  temperature?: { value: number; line: number };
  maxTokens?: { value: number; line: number };
  /** Prose saying the server's tensor-parallel size is the preset's GPU count. */
  tpIsPresetGpus?: { line: number };
}

function gigabytes(text: string): number | undefined {
  const m = /^\s*([\d.,]+)\s*(gi?b|ti?b)?\b/i.exec(text);
  if (!m || m[1] === undefined) return undefined;
  const v = numberOf(m[1]);
  if (v === undefined) return undefined;
  return m[2] && /^t/i.test(m[2]) ? v * 1024 : v;
}

/** A presets table (`Preset | vCPUs | Memory | VRAM | GPU Count | GPU Type`): no metrics, hardware columns. */
function readPresets(t: ScannedTable, presets: Map<string, ReportPreset>): boolean {
  const cols = t.header.map((h) => {
    const n = h.toLowerCase().trim();
    if (/^(gpu )?preset$|^preset name$/.test(n)) return 'name';
    if (/^v?cpus?$/.test(n)) return 'vcpus';
    if (/^(memory|ram|system memory|mem)$/.test(n)) return 'memory_gb';
    if (/^(vram|gpu memory|gpu ram)$/.test(n)) return 'vram_gb';
    if (/^(gpu count|gpus|num gpus|# ?gpus)$/.test(n)) return 'gpu_count';
    if (/^(gpu type|gpu|gpu model)$/.test(n)) return 'gpu';
    return undefined;
  });
  if (!cols.includes('name') || !cols.some((c) => c === 'gpu' || c === 'gpu_count' || c === 'vcpus' || c === 'vram_gb')) return false;
  if (t.header.some((h) => metricOf(classifyColumn(h)) !== undefined)) return false;
  for (const row of t.rows) {
    const p: ReportPreset = { name: '', line: t.line };
    cols.forEach((c, k) => {
      const cell = (row[k] ?? '').trim();
      if (!c || cell === '') return;
      if (c === 'name') p.name = cell;
      else if (c === 'gpu') p.gpu = cell;
      else if (c === 'memory_gb' || c === 'vram_gb') {
        const v = gigabytes(cell);
        if (v !== undefined) p[c] = v;
      } else {
        const v = numberOf(cell);
        if (v !== undefined) p[c] = v;
      }
    });
    if (p.name !== '' && !presets.has(p.name.toLowerCase())) presets.set(p.name.toLowerCase(), p);
  }
  return true;
}

export function readDocumentFacts(scan: ReturnType<typeof scanReport>): DocFacts {
  const facts: DocFacts = { modelIds: collectModelIds(scan.textLines), presets: new Map() };

  for (const t of scan.tables) {
    if (readPresets(t, facts.presets) && facts.presetLine === undefined) facts.presetLine = t.line;
  }
  const engines = new Map<Engine, { line: number; text: string }>();
  let otherServer = false;
  const apis = new Map<'openai' | 'native', { line: number; text: string }>();
  const temps = new Map<number, number>();
  const maxTokens = new Map<number, number>();
  for (const p of scan.prose) {
    for (const sentence of p.text.split(/(?<=[.!?])\s+/)) {
      const m =
        /\b(vllm|sglang|tgi|tensorrt-llm|trt-?llm)\b[^.]{0,80}\b(benchmarks?|load tests?|stress tests?)\b/i.exec(sentence) ??
        /\b(?:benchmarks?|load tests?)\b[^.]{0,40}\b(vllm|sglang|tgi|tensorrt-llm|trt-?llm)\b/i.exec(sentence);
      const e = m?.[1] ? normaliseEngine(m[1]) : undefined;
      if (e && m && !engines.has(e)) engines.set(e, { line: p.line, text: m[0].trim() });
      // `We benchmark Ollama and vLLM`: a second engine, one benchbook has no Engine value for.
      if (e && namesOtherServer(sentence)) otherServer = true;
    }
    const endpoint = /\/v1\/(?:chat\/)?completions\b/.exec(p.text) ?? /(?:^|\s|`)\/generate\b/.exec(p.text);
    if (endpoint) {
      const kind = endpoint[0].includes('/v1/') ? 'openai' : 'native';
      if (!apis.has(kind)) apis.set(kind, { line: p.line, text: endpoint[0].trim() });
    }
    for (const m of p.text.matchAll(/\btemperature\s*[=:]\s*(\d+(?:\.\d+)?)\b(?!\s*\/)/gi))
      if (m[1] && !temps.has(Number(m[1]))) temps.set(Number(m[1]), p.line);
    for (const m of p.text.matchAll(/\bmax[_ ]tokens\s*[=:]\s*(\d+)\b(\s*\/)?/gi)) {
      if (m[2])
        maxTokens.set(-1, p.line); // "512/2048": more than one value, none can be applied
      else if (m[1] && !maxTokens.has(Number(m[1]))) maxTokens.set(Number(m[1]), p.line);
    }
    if (
      !facts.tpIsPresetGpus &&
      /tensor[- ]parallel[- ]size\b[^.]*\b(number of gpus|gpus? (available )?on the preset|number_of_gpus)/i.test(p.text)
    )
      facts.tpIsPresetGpus = { line: p.line };
  }
  if (engines.size === 1 && !otherServer) {
    const [value, at] = [...engines][0] as [Engine, { line: number; text: string }];
    facts.engine = { value, ...at };
  }
  if (apis.size === 1) {
    const [value, at] = [...apis][0] as ['openai' | 'native', { line: number; text: string }];
    facts.api = { value, ...at };
  }
  if (temps.size === 1) {
    const [value, line] = [...temps][0] as [number, number];
    facts.temperature = { value, line };
  }
  if (maxTokens.size === 1 && !maxTokens.has(-1)) {
    const [value, line] = [...maxTokens][0] as [number, number];
    facts.maxTokens = { value, line };
  }
  return facts;
}
