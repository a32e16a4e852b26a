/**
 * One settings vocabulary for every place a log states run settings: a bulleted list
 * (`- TP: 4`), `key: value` / `key=value` lines, environment variables (`export
 * CONCURRENCY=32`), YAML/JSON keys (`tensorParallelSize: 4`, `"max_model_len": 8192`),
 * Kubernetes resources (`nvidia.com/gpu: 4`) and inline flags (`--tp 4`). A name is
 * normalised (case, `-`/`.`/space → `_`, camelCase split, an engine prefix such as `vllm_`
 * dropped) and looked up; the value is read as the setting's type. Unknown names say nothing.
 */
import type { Engine } from '../../model/records';
import { oneGpuIn } from './gpu-names';
import { hasVariable } from './shell-variables';

export type SettingKey =
  | 'model'
  | 'engine'
  | 'gpu'
  | 'gpus'
  | 'tp'
  | 'pp'
  | 'dp'
  | 'context_length'
  | 'concurrency'
  | 'total_requests'
  | 'input_len'
  | 'output_len'
  | 'dataset'
  | 'request_rate'
  | 'max_tokens'
  | 'temperature'
  | 'version';

export type SettingValue = string | number;

export interface Setting {
  key: SettingKey;
  value: SettingValue;
  /** For `version`: the engine it is the version of. */
  engine?: Engine;
}

/**
 * Names as normalised (`normaliseName`). Only names that mean a run setting wherever they are
 * written; words that are as often a metric (`requests`, `total`, `rate`, `input_tokens`) are
 * left to the client-command flags, where their meaning is the tool's.
 */
const NAMES: Record<string, SettingKey> = {
  model: 'model',
  model_name: 'model',
  model_path: 'model',
  model_id: 'model',
  model_dir: 'model',
  served_model_name: 'model',
  hf_model: 'model',
  model_url: 'model',
  // Hugging Face scripts' argument: a hub id or a local folder (the model is its last part).
  model_name_or_path: 'model',
  llm_model: 'model',
  engine: 'engine',
  inference_engine: 'engine',
  serving_engine: 'engine',
  backend: 'engine',
  framework: 'engine',
  platform: 'engine',
  runtime: 'engine',
  gpu: 'gpu',
  gpu_type: 'gpu',
  gpu_model: 'gpu',
  gpu_name: 'gpu',
  accelerator: 'gpu',
  gpus: 'gpus',
  num_gpus: 'gpus',
  n_gpus: 'gpus',
  ngpus: 'gpus',
  gpu_count: 'gpus',
  gpus_used: 'gpus',
  number_of_gpus: 'gpus',
  request_gpu: 'gpus',
  nvidia_com_gpu: 'gpus',
  cuda_visible_devices: 'gpus',
  tp: 'tp',
  tp_size: 'tp',
  tensor_parallel_size: 'tp',
  tensor_parallel: 'tp',
  tensor_parallelism: 'tp',
  // MaxText's mesh axis over the chips of a slice (its tensor parallelism within one host group).
  ici_tensor_parallelism: 'tp',
  pp: 'pp',
  pp_size: 'pp',
  pipeline_parallel_size: 'pp',
  pipeline_parallel: 'pp',
  dp: 'dp',
  dp_size: 'dp',
  data_parallel_size: 'dp',
  data_parallel: 'dp',
  context_length: 'context_length',
  context_len: 'context_length',
  max_model_len: 'context_length',
  max_context_length: 'context_length',
  max_seq_len: 'context_length',
  max_model_length: 'context_length',
  concurrency: 'concurrency',
  max_concurrency: 'concurrency',
  concurrent_clients: 'concurrency',
  concurrent_requests: 'concurrency',
  concurrent_users: 'concurrency',
  num_concurrent: 'concurrency',
  num_concurrent_requests: 'concurrency',
  request_concurrency: 'concurrency',
  // `max_concurrent_requests` and `max_num_seqs` are a server's limits, never the client's load.
  num_prompts: 'total_requests',
  num_prompt: 'total_requests',
  num_requests: 'total_requests',
  total_requests: 'total_requests',
  number_of_requests: 'total_requests',
  request_count: 'total_requests',
  request_num: 'total_requests',
  input_len: 'input_len',
  input_length: 'input_len',
  random_input_len: 'input_len',
  isl: 'input_len',
  prompt_len: 'input_len',
  prompt_length: 'input_len',
  // text-generation-benchmark's `--sequence-length` / `--decode-length`: prompt and generated tokens per request.
  sequence_length: 'input_len',
  output_len: 'output_len',
  output_length: 'output_len',
  random_output_len: 'output_len',
  sharegpt_output_len: 'output_len',
  decode_length: 'output_len',
  osl: 'output_len',
  dataset: 'dataset',
  dataset_name: 'dataset',
  dataset_path: 'dataset',
  request_rate: 'request_rate',
  rate: 'request_rate',
  qps: 'request_rate',
  max_tokens: 'max_tokens',
  max_new_tokens: 'max_tokens',
  max_tokens_per_request: 'max_tokens',
  max_output_tokens: 'max_tokens',
  temperature: 'temperature',
  version: 'version',
  engine_version: 'version',
};

/** Engine prefixes of names (`VLLM_TP_SIZE`, `sglang_model`, Ansible's `vllm_tensor_parallel_size`). */
const ENGINE_PREFIX = /^(vllm|sglang|bench|benchmark|server|client|llm)_(?=.)/;
/**
 * An engine's or benchmark tool's variable inside a longer name (Ansible's
 * `sbnb_genai_perf_concurrency`, `sbnb_sglang_model`): what follows the tool's word.
 */
const TOOL_INFIX = /(?:^|_)(?:vllm|sglang|genai_perf|aiperf|guidellm|evalscope|bench|benchmark)_(.+)$/;
/** Words naming the GPUs of a machine in a longer key (`GPUs Available`, `GPU Detected`, `Hardware`). */
const GPU_KEY = /(?:^|_)(?:gpus?|hardware|accelerators?|devices?|cards?)(?:_|$)/;

/** `tensorParallelSize` → `tensor_parallel_size`; `MAX-MODEL-LEN` → `max_model_len`; `nvidia.com/gpu` → `nvidia_com_gpu`. */
export function normaliseName(name: string): string {
  return name
    .trim()
    .replace(/^["'`*]+|["'`*:]+$/g, '')
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s.\-/]+/g, '_');
}

/** The setting a name means (`TP`, `tensor_parallel_size`, `VLLM_MAX_MODEL_LEN`), or undefined. */
export function settingKeyOf(name: string): SettingKey | undefined {
  const n = normaliseName(name);
  if (Object.hasOwn(NAMES, n)) return NAMES[n];
  const engineVersion = /^(vllm|sglang)_version$/.exec(n);
  if (engineVersion) return 'version';
  const bare = n.replace(ENGINE_PREFIX, '');
  if (bare !== n && Object.hasOwn(NAMES, bare)) return NAMES[bare];
  const infix = TOOL_INFIX.exec(n)?.[1];
  return infix !== undefined && Object.hasOwn(NAMES, infix) ? NAMES[infix] : undefined;
}

/** The engine a name is about (`VLLM_…`, `sglang_version`, Ansible's `sbnb_sglang_model`), when it says one. */
export function engineOfName(name: string): Engine | undefined {
  const n = normaliseName(name);
  if (n.startsWith('vllm')) return 'vllm';
  if (n.startsWith('sglang')) return 'sglang';
  const infix = /_(vllm|sglang)_./.exec(n)?.[1];
  return infix === 'vllm' || infix === 'sglang' ? infix : undefined;
}

/** An engine named by a value (`vLLM`, `sglang`, `TensorRT-LLM`, `vllm 0.8.5`). */
export function engineOfWord(text: string): Engine | undefined {
  const n = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (/^vllm/.test(n)) return 'vllm';
  if (/^sglang/.test(n)) return 'sglang';
  if (/^(tgi|textgenerationinference)/.test(n)) return 'tgi';
  if (/^(trtllm|tensorrtllm)/.test(n)) return 'trtllm';
  return undefined;
}

/**
 * A version: `0.8.5`, `0.6.3.post1`, `0.9.0rc1`, `0.10.2.dev378`. A tag's leading `v` (`v0.8.5`)
 * and a local build tag (`+cu124`, `-cu124`, `+g4d7fe40`) are dropped, so that the image tag,
 * pip and the server's own line give the same value for the same release.
 */
const VERSION = /^v?(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:post|rc|dev|a|b)\d*)*)(?=$|[+\s,;)]|-cu)/i;

export function versionOf(text: string): string | undefined {
  const m = VERSION.exec(text.trim().replace(/^["']|["']$/g, ''));
  return m?.[1];
}

function positiveInt(text: string): number | undefined {
  const t = text.replace(/,/g, '');
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

function finiteNumber(text: string): number | undefined {
  if (!/^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** `2 x H100`, `4xA100 80GB`, `8 × NVIDIA H100`: count and GPU name. */
const COUNT_TIMES_GPU = /^(\d+)\s*[x×*]\s*(\S.*)$/i;
/** The count of `8xH100` before a GPU name. */
const COUNT_GLUED = /^\d+[x×*](?=[a-z])/i;

/** GPU ids listed (`0,1,2,3`, `"0,1"`): how many. */
function deviceCount(text: string): number | undefined {
  const t = text.replace(/^["'[]|["'\]]$/g, '').trim();
  if (!/^\d+(?:\s*,\s*\d+)*$/.test(t)) return undefined;
  return t.split(',').length;
}

function unquote(text: string): string {
  return text
    .trim()
    .replace(/^(["'`])(.*)\1$/, '$2')
    .trim();
}

const NONE = /^(none|null|nil|n\/a|na|-|auto|default|~|)$/i;
/** A count with its unit or a gloss (`2048 tokens`, `100 requests`, `2 (two)`). */
const COUNT_WITH_UNIT = /^(\d[\d,]*)\s*(?:tokens?|toks?|requests?|reqs?|prompts?|users?|sessions?|GPUs?)?\s*(?:\([^)]*\))?$/i;
/** The last part of a path that names a folder of models, not a model (`/mnt/models`, `./weights`). */
const MODEL_FOLDER = /^(models?|weights|checkpoints?|ckpts?|hub|snapshots|llm|llms|hf|huggingface)$/i;

/** A model name (`Llama-3.1-8B`, `meta-llama/Llama-3.1-8B-Instruct`, `Qwen2.5 7B`), not a sentence, a folder or a variable. */
function readModel(v: string): Setting[] {
  const name = v.replace(/\s*\([^)]*\)\s*$/, '').trim(); // `Qwen/Qwen2.5-3B-Instruct (3B parameters)`
  const words = name.split(/\s+/).length;
  if (name === '' || /^\d+(\.\d+)?$/.test(name) || name.length > 200 || (words > 1 && (words > 4 || !/\d/.test(name)))) return [];
  if (hasVariable(name)) return [];
  const last =
    name
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  if (/[\\/]/.test(name) && MODEL_FOLDER.test(last)) return [];
  return [{ key: 'model', value: name }];
}

/** `GPU: NVIDIA A10 (24GB)`, `2 x H100`, `4`: a GPU name (the one the text names, when it names one) and a count. */
function readGpu(v: string): Setting[] {
  const times = COUNT_TIMES_GPU.exec(v);
  if (times?.[1] && times[2]) return [{ key: 'gpus', value: Number(times[1]) }, ...readGpu(times[2])];
  const n = positiveInt(v);
  if (n !== undefined) return [{ key: 'gpus', value: n }];
  const named = oneGpuIn(v, true);
  if (named) return [{ key: 'gpu', value: named.name }];
  return /[a-z]/i.test(v) && v.length <= 60 ? [{ key: 'gpu', value: v }] : [];
}

/**
 * Reads `text` as the value of setting `key` (with the name as written, for the few names
 * whose values differ: `CUDA_VISIBLE_DEVICES` lists ids). Returns the settings it states
 * (`GPUs: 2 x H100` states a count and a name); none when the value does not fit the key.
 */
export function readSetting(key: SettingKey, text: string, name = ''): Setting[] {
  const v = unquote(text);
  if (NONE.test(v)) return [];
  switch (key) {
    case 'model':
      return readModel(v);
    case 'engine': {
      const engine = engineOfWord(v);
      if (!engine) return [];
      const version = versionOf(v.replace(/^\S+\s+/, ''));
      return version && /\s/.test(v)
        ? [
            { key, value: engine },
            { key: 'version', value: version, engine },
          ]
        : [{ key, value: engine }];
    }
    case 'gpu':
      return readGpu(v);
    case 'gpus': {
      if (normaliseName(name) === 'cuda_visible_devices') {
        const n = deviceCount(v);
        return n !== undefined ? [{ key, value: n }] : [];
      }
      const times = COUNT_TIMES_GPU.exec(v);
      if (times?.[1] && times[2]) return [{ key, value: Number(times[1]) }, ...readGpu(times[2])];
      const n = positiveInt(COUNT_WITH_UNIT.exec(v)?.[1] ?? v);
      return n !== undefined ? [{ key, value: n }] : [];
    }
    case 'dataset':
      return /^[\w./:@+-]{1,200}$/.test(v) && !hasVariable(v) ? [{ key, value: v }] : [];
    case 'version': {
      const version = versionOf(v);
      return version ? [{ key, value: version }] : [];
    }
    case 'request_rate':
    case 'temperature': {
      const n = finiteNumber(v);
      return n !== undefined && n >= 0 ? [{ key, value: n }] : [];
    }
    default: {
      const n = positiveInt(COUNT_WITH_UNIT.exec(v)?.[1] ?? v);
      return n !== undefined ? [{ key, value: n }] : [];
    }
  }
}

/**
 * The settings a `name = text` pair states (name through the vocabulary); none when it says
 * nothing. A name with an engine prefix (`vllm_tensor_parallel_size`, `SGLANG_TP`) also
 * states the engine; so does an engine's own environment variable the vocabulary does not know.
 */
export function settingsOfPair(name: string, text: string): Setting[] {
  const key = settingKeyOf(name);
  const engine = engineOfName(name);
  if (!key) {
    // An engine's own environment variable (`VLLM_USE_V1=1`, `SGLANG_ENABLE_SPEC_V2=1`) names the engine.
    if (engine && /^[A-Z][A-Z0-9_]+$/.test(name) && normaliseName(name).startsWith(engine)) return [{ key: 'engine', value: engine }];
    // `GPU Detected: NVIDIA A40`, `Hardware: DGX Spark NVIDIA GB10`: a key about the GPUs and a GPU name.
    // `8xH100`: a count glued to the name would hide it (a name inside a longer word is none).
    const gpu = GPU_KEY.test(normaliseName(name)) ? oneGpuIn(unquote(text).replace(COUNT_GLUED, ''), true) : undefined;
    return gpu ? [{ key: 'gpu', value: gpu.name }] : [];
  }
  const out = readSetting(key, text, name);
  if (key === 'version') return engine ? out.map((s) => ({ ...s, engine })) : [];
  return engine && out.length > 0 && key !== 'engine' ? [...out, { key: 'engine', value: engine }] : out;
}
