/**
 * Settings a sentence states in passing, read only in the forms that state them plainly:
 *   - the GPU a run used: a count with it (`8*H20`, `H100 x4`, `2 × L40S`, `4 A100s`), a
 *     preposition before it (`on H100`, `on 1 single 8*H20`, `using an A100`, `使用 H100`) or the
 *     name alone in parentheses (`(RTX 5060 Ti 16GB)`); never in a comparison (`than`, `vs`);
 *   - the model: `using model /mnt/models/Qwen/qwen3_30b_moe…`, `for model <path>.`, or a
 *     Hugging Face id in a code span after `with`/`using`/`serving` (`` with `Qwen/Qwen2.5-1.5B-Instruct` ``);
 *   - token lengths: `128-token prompts`, `64-token outputs`;
 *   - the engine a benchmark tool runs in-process (`gptSessionBenchmark` is TensorRT-LLM's).
 * Each setting keeps the words that stated it (its provenance).
 */
import { oneGpuIn } from './gpu-names';
import type { LineSetting } from './settings-line';
import { readSetting } from './settings-vocabulary';

const COMPARISON = /\b(?:vs\.?|versus|than|compared?|comparison|instead of)\b|相比|对比/i;
/** Words right before a GPU name that make the sentence say the run was on it. */
const BEFORE_GPU = /(?:\b(?:on|using|with|across)|使用|在)\s*(?:(?:a|an|one|single|the|\d+)\s+|\d+\s*[x×*]\s*)*(?:NVIDIA\s+)?$/i;
const COUNT_BEFORE = /(?:^|\s|\()\d{1,3}\s*[x×*]\s*$/;
const COUNT_AFTER = /^\s*[x×*]\s*\d{1,3}(?!\d)/;
const PLURAL_AFTER = /^s\b/;
const MODEL_WORDS = /\b(?:using|for|with|serving|loaded|loading)\s+(?:the\s+)?model\s+(?:from\s+)?[`'"]?([^\s`'"]+)/i;
const MODEL_SPAN = /\b(?:with|using|serving|on|for)\s+`([A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*)`/;
const FILE_NAME = /\.(?:py|sh|json|jsonl|ya?ml|txt|md|csv|log|toml|cfg|ini)$/i;
const INPUT_TOKENS = /\b(\d{1,7})[- ]tokens?[- ](?:prompts?|inputs?)\b/i;
const OUTPUT_TOKENS = /\b(\d{1,7})[- ]tokens?[- ](?:outputs?|completions?|responses?|generations?)\b/i;
const TRTLLM_TOOL = /\b(gptSessionBenchmark|gptManagerBenchmark|trtllm-bench)\b/;
/** One test before the patterns: a sentence that may hold any of them. */
const CANDIDATE = /\d|model|gpt[SM]|trtllm/i;

function gpuOfProse(line: string): LineSetting | undefined {
  const gpu = oneGpuIn(line);
  if (!gpu || COMPARISON.test(line)) return undefined;
  const before = line.slice(Math.max(0, gpu.index - 40), gpu.index);
  const after = line.slice(gpu.index + gpu.name.length);
  const stated =
    BEFORE_GPU.test(before) ||
    COUNT_BEFORE.test(before) ||
    COUNT_AFTER.test(after) ||
    (PLURAL_AFTER.test(after) && /\d\s*$/.test(before)) ||
    (/\(\s*$/.test(before) && /^\s*\)/.test(after));
  if (!stated) return undefined;
  const said = `${before.replace(/^.*?(\S*\s*\S*\s*)$/, '$1')}${gpu.name}`.trim();
  return { key: 'gpu', value: gpu.name, name: said };
}

function modelOfProse(line: string): LineSetting | undefined {
  const words = MODEL_WORDS.exec(line);
  const span = words ? undefined : MODEL_SPAN.exec(line);
  const raw = (words?.[1] ?? span?.[1])?.replace(/[.,;:…]+$/, '');
  if (!raw || (span && (!/\d/.test(raw) || FILE_NAME.test(raw)))) return undefined;
  const model = readSetting('model', raw)[0];
  return model ? { ...model, name: (words ?? span)?.[0] ?? raw } : undefined;
}

function lengthsOfProse(line: string): LineSetting[] {
  const out: LineSetting[] = [];
  const input = INPUT_TOKENS.exec(line);
  if (input?.[1]) out.push({ key: 'input_len', value: Number(input[1]), name: input[0] });
  const output = OUTPUT_TOKENS.exec(line);
  if (output?.[1]) out.push({ key: 'output_len', value: Number(output[1]), name: output[0] });
  return out.filter((s) => Number(s.value) > 0);
}

/** The settings a prose line states in the forms above; none for most lines. */
export function settingsOfProse(line: string): LineSetting[] {
  if (line.length > 1000 || !CANDIDATE.test(line)) return [];
  const out: LineSetting[] = [];
  const gpu = gpuOfProse(line);
  if (gpu) out.push(gpu);
  const model = modelOfProse(line);
  if (model) out.push(model);
  out.push(...lengthsOfProse(line));
  const tool = TRTLLM_TOOL.exec(line);
  if (tool?.[1]) out.push({ key: 'engine', value: 'trtllm', name: `${tool[1]} runs TensorRT-LLM` });
  return out;
}
