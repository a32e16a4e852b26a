/**
 * Settings a sentence states in passing, read only in the forms that state them plainly:
 *   - the GPU a run used: a count with it (`8*H20`, `H100 x4`, `2 × L40S`, `4 A100s`), a
 *     preposition before it (`on H100`, `on 1 single 8*H20`, `using an A100`, `使用 H100`) or the
 *     name alone in parentheses (`(RTX 5060 Ti 16GB)`); never in a comparison (`than`, `vs`);
 *   - the model: `using model /mnt/models/Qwen/qwen3_30b_moe…`, `for model <path>.`, a
 *     Hugging Face id in a code span after `with`/`using`/`serving` (`` with `Qwen/Qwen2.5-1.5B-Instruct` ``),
 *     a name in parentheses after the word (`Same model in both tests (Qwen3 Coder 4-bit MLX)`) or a
 *     name with a digit right before it (`figures of Phi-2 Model`);
 *   - token lengths: `128-token prompts`, `a prompt of 2048 tokens`, `64-token outputs`,
 *     `Prompt length 128`, `generation length 256`;
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
/** A name with a digit right before the word: `figures of Phi-2 Model with …`, `the Llama-2 model`. */
const NAME_MODEL = /(?:^|[\s(])([A-Za-z][A-Za-z.]*-?\d[\w.-]*)\s+model\b/i;
/** The name in parentheses after the word: `Same model used in both tests (Qwen3 Coder Next 4-bit MLX from …)`. */
const MODEL_PAREN = /\bmodel\b[^().;:]{0,40}\(([^()]{2,80})\)/i;
/** Where a parenthesised model name says it came from: cut (`… from LM Studio Community`). */
const MODEL_SOURCE = /\s+(?:from|by|via|on|downloaded|provided)\b.*$/i;
const MODEL_SPAN = /\b(?:with|using|serving|on|for)\s+`([A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*)`/;
const FILE_NAME = /\.(?:py|sh|json|jsonl|ya?ml|txt|md|csv|log|toml|cfg|ini)$/i;
const INPUT_TOKENS = /\b(\d{1,7})[- ]tokens?[- ](?:prompts?|inputs?)\b|\b(?:prompts?|inputs?) of (\d{1,7}) tokens?\b/i;
/** `Prompt length 128`, `input length: 512`, `Token generation length 256`, `output length = 64`. */
const INPUT_LENGTH = /\b(?:prompt|input)\s+length\s*(?:of|=|:)?\s*(\d{1,7})(?!\d|[.,]\d|\s*%)/i;
const OUTPUT_LENGTH = /\b(?:generation|output|completion|decode|response)\s+length\s*(?:of|=|:)?\s*(\d{1,7})(?!\d|[.,]\d|\s*%)/i;
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

/** `model … (NAME)`: a name opening with a family word, with a digit, of at most six words. */
function modelInParentheses(line: string): LineSetting | undefined {
  const m = MODEL_PAREN.exec(line);
  const name = m?.[1]?.replace(MODEL_SOURCE, '').trim();
  // A family word first and a digit: not a size or a precision (`(7B)`, `(4-bit)`, `(1.5B parameters)`).
  if (!m || !name || !/\d/.test(name) || !/^[A-Za-z]{3,}/.test(name) || name.split(/\s+/).length > 6 || /[,;=]/.test(name))
    return undefined;
  return { key: 'model', value: name, name: m[0] };
}

/** `NAME model`: a name opening with letters and holding a digit (not a GPU: `an H100 model`). */
function modelBeforeWord(line: string): LineSetting | undefined {
  const m = NAME_MODEL.exec(line);
  const name = m?.[1]?.replace(/[.-]+$/, '');
  if (!m || !name || oneGpuIn(name, true) || /^v\d/i.test(name)) return undefined;
  return { key: 'model', value: name, name: m[0].trim() };
}

function modelOfProse(line: string): LineSetting | undefined {
  const paren = modelInParentheses(line) ?? modelBeforeWord(line);
  if (paren) return paren;
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
  const inputLen = input?.[1] ?? input?.[2];
  if (input && inputLen) out.push({ key: 'input_len', value: Number(inputLen), name: input[0] });
  const output = OUTPUT_TOKENS.exec(line);
  if (output?.[1]) out.push({ key: 'output_len', value: Number(output[1]), name: output[0] });
  for (const [key, re] of [
    ['input_len', INPUT_LENGTH],
    ['output_len', OUTPUT_LENGTH],
  ] as const) {
    const m = out.some((o) => o.key === key) ? null : re.exec(line);
    if (m?.[1]) out.push({ key, value: Number(m[1]), name: m[0] });
  }
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
