/**
 * The report's title from its inputs: engines, hardware, what the questions vary, models —
 * "SGLang vs vLLM on 4 × NVIDIA A10: 2 vs 4 GPUs (Qwen7B-awq)"; when nothing is comparable, the
 * inputs plainly ("7 runs from 5 tools: …"). `--title` wins when given.
 * Plain text (the view escapes it).
 */
import { engineName } from '../analyze/factors';
import type { HistoryResult } from '../analyze/history-types';
import { ASKED_LEVEL } from '../analyze/questions';
import type { StudyQuestion } from '../analyze/types';
import type { EnvRecord, RunRecord } from '../model/records';
import { apiName, listWords, settingNumber } from './view/question-words';

const MAX_FACTORS = 3;
const MAX_NAMES = 4;
/** Tools named in a title of plain inputs; more are counted. */
const MAX_TOOLS = 6;

function inOrder<T>(values: Iterable<T | undefined>): T[] {
  const seen = new Set<T>();
  for (const v of values) if (v !== undefined && v !== '') seen.add(v);
  return [...seen];
}

/** The engines compared ("SGLang vs vLLM"); with none named, the input files. */
function enginesPart(runs: readonly RunRecord[], files: readonly string[]): string {
  const engines = inOrder(runs.map((r) => r.engine)).map((e) => engineName(e));
  if (engines.length === 0) {
    const names = inOrder(files.map((f) => f.split(/[\\/]/).pop()));
    if (names.length === 0) return 'Benchmark runs';
    return names.length <= 3 ? listWords(names) : `${names.length} input files`;
  }
  if (engines.length === 2) return `${engines[0]} vs ${engines[1]}`;
  return engines.length <= 3 ? listWords(engines) : `${engines.length} engines`;
}

/** "4 × NVIDIA A10" from one kind of nvidia-smi snapshot, else the GPU names the runs carry. */
function hardwarePart(runs: readonly RunRecord[], env: readonly EnvRecord[]): string {
  const machines = inOrder(
    env.map((e) => {
      const names = inOrder(e.gpus.map((g) => g.name));
      return names.length === 1 ? `${e.gpus.length} × ${names[0]}` : undefined;
    }),
  );
  const named = inOrder(runs.map((r) => r.hardware?.gpu));
  if (machines.length === 1 && named.every((n) => machines[0]?.endsWith(` × ${n}`))) return ` on ${machines[0]}`;
  const names = inOrder([...named, ...env.flatMap((e) => e.gpus.map((g) => g.name))]);
  if (names.length === 0) return '';
  // Several kinds: the family names are enough for a title ("NVIDIA H100", not its memory).
  const short = names.length > 1 ? inOrder(names.map((n) => n.replace(/\s*\([^)]*\)\s*$/, ''))) : names;
  return short.length <= MAX_NAMES ? ` on ${listWords(short)}` : ` on ${short.length} GPU types`;
}

function valueText(v: string | number): string {
  return typeof v === 'number' ? settingNumber(v) : v;
}

/** What a factor's questions vary, in a few words: "2 vs 4 GPUs", "pipeline vs tensor parallel". */
function factorPhrase(factor: string, qs: readonly StudyQuestion[]): string {
  const pairs = inOrder(qs.map((q) => `${q.values[0]}\u0000${q.values[1]}`));
  const q = qs[0];
  if (!q) return '';
  const [a, b] = q.values;
  const one = pairs.length === 1;
  switch (factor) {
    case 'gpus':
      return one ? `${a} vs ${b} GPUs` : 'GPU count';
    case 'strategy':
      return one ? `${a} vs ${b} parallel` : 'parallel strategy';
    case 'api':
      return one ? `${apiName(a)} vs ${apiName(b)} API` : 'API';
    case 'context_length':
      return one ? `context ${valueText(a)} vs ${valueText(b)}` : 'context length';
    case 'engine':
      return one ? `${engineName(a)} vs ${engineName(b)}` : 'engine';
    default:
      return one ? `${valueText(a)} vs ${valueText(b)}` : factor.replace(/_/g, ' ');
  }
}

function variesPart(questions: readonly StudyQuestion[], enginesNamed: boolean): string {
  const ranked = questions
    .map((q, i) => ({ q, i }))
    .sort((x, y) => ASKED_LEVEL[y.q.asked_by] - ASKED_LEVEL[x.q.asked_by] || x.i - y.i)
    .map(({ q }) => q);
  const factors = inOrder(ranked.map((q) => q.factor)).filter((f) => !(f === 'engine' && enginesNamed));
  return factors
    .slice(0, MAX_FACTORS)
    .map((f) =>
      factorPhrase(
        f,
        ranked.filter((q) => q.factor === f),
      ),
    )
    .filter(Boolean)
    .join(', ');
}

/** A series over time, in a few words: "versions 0.8.4 to 0.9.0", else "2025-03-01 to 2025-03-18". */
function historyPart(history: HistoryResult | undefined): string {
  const points = (history?.series ?? []).flatMap((s) => s.points);
  const versions = inOrder(points.map((p) => p.version));
  if (versions.length >= 2) return `versions ${versions[0]} to ${versions[versions.length - 1]}`;
  const dates = inOrder(points.map((p) => p.date?.slice(0, 10))).sort();
  return dates.length >= 2 ? `${dates[0]} to ${dates[dates.length - 1]}` : '';
}

/** What wrote each format, for a title that names the inputs: the tool, else the kind of output. */
const TOOL_NAMES: Record<string, string> = {
  'vllm-bench': 'vLLM bench',
  'vllm-bench-json': 'vLLM bench',
  'sglang-bench': 'SGLang bench',
  'sglang-bench-jsonl': 'SGLang bench',
  'genai-perf': 'GenAI-Perf',
  'genai-perf-csv': 'GenAI-Perf',
  'genai-perf-json': 'GenAI-Perf',
  'llmperf-json': 'LLMPerf',
  aiperf: 'AIPerf',
  evalscope: 'EvalScope',
  'evalscope-json': 'EvalScope',
  aisbench: 'AISBench',
  guidellm: 'GuideLLM',
  'guidellm-json': 'GuideLLM',
  'locust-csv': 'Locust',
  k6: 'k6',
  'k6-json': 'k6',
  wrk: 'wrk',
  hey: 'hey',
  oha: 'oha',
  'oha-json': 'oha',
  'go-stress': 'go-stress-testing',
  'vllm-server-log': 'vLLM server logs',
  prometheus: 'Prometheus',
};

/** Formats that are a layout, not a tool: named by what they are. */
const OUTPUT_NAMES: Record<string, string> = {
  'rich-table': 'result tables',
  'console-log': 'terminal logs',
  'markdown-report': 'Markdown reports',
  'html-table': 'HTML tables',
  'pipe-table': 'Markdown tables',
  csv: 'CSV files',
  'python-dict': 'printed Python dicts',
  'key-value': 'key: value lines',
};

/**
 * Nothing comparable like-for-like: the inputs named plainly, "7 runs from 5 tools: AIPerf, …
 * (Qwen3-0.6B, Qwen2.5-0.5B-Instruct)", so the title promises no comparison the body lacks.
 */
function inputsTitle(runs: readonly RunRecord[], modelWords: string): string {
  const formats = inOrder(runs.map((r) => r.source.format));
  const tools = inOrder(formats.map((f) => TOOL_NAMES[f] ?? OUTPUT_NAMES[f] ?? f)).sort((a, b) => a.localeCompare(b));
  const allTools = formats.every((f) => Object.hasOwn(TOOL_NAMES, f));
  const noun = tools.length === 1 ? '' : allTools ? `${tools.length} tools: ` : `${tools.length} sources: `;
  const named =
    tools.length <= MAX_TOOLS ? listWords(tools) : `${tools.slice(0, MAX_TOOLS).join(', ')} and ${tools.length - MAX_TOOLS} more`;
  const runWords = `${runs.length} run${runs.length === 1 ? '' : 's'}`;
  return `${runWords} from ${noun}${named}${modelWords ? ` (${modelWords})` : ''}`;
}

export function reportTitle(
  runs: readonly RunRecord[],
  env: readonly EnvRecord[],
  questions: readonly StudyQuestion[],
  files: readonly string[] = [],
  history?: HistoryResult,
): string {
  const models = inOrder(runs.map((r) => r.model));
  const modelWords = models.length <= 2 ? models.join(', ') : `${models.length} models`;
  // Result files of a client (llmperf, guidellm) name no engine: lead with the model, not file names.
  // Several tools or engines and nothing answered like-for-like (nor a series over time): a
  // title of "A vs B" would promise what the body cannot give, so it names the inputs.
  const comparable = questions.some((q) => q.differs_also.length === 0) || historyPart(history) !== '';
  const mixed = inOrder(runs.map((r) => r.source.format)).length > 1 || inOrder(runs.map((r) => r.engine)).length > 1;
  if (!comparable && mixed) return inputsTitle(runs, modelWords);
  const noEngine = !runs.some((r) => r.engine !== undefined) && models.length > 0;
  const engines = noEngine ? `${modelWords} (engine not named)` : enginesPart(runs, files);
  const varies = [historyPart(history), variesPart(questions, engines.includes(' vs '))].filter(Boolean).join(', ');
  const modelPart = models.length === 0 || noEngine ? '' : ` (${modelWords})`;
  return `${engines}${hardwarePart(runs, env)}${varies ? `: ${varies}` : ''}${modelPart}`;
}
