/** How an engine key reads in text and on charts ("vllm" → "vLLM"): one list for every stage. */
import type { GroupValue } from './run-group';

const ENGINE_NAMES: Readonly<Record<string, string>> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  tgi: 'TGI',
  trtllm: 'TensorRT-LLM',
  nim: 'NIM',
  lmdeploy: 'LMDeploy',
  other: 'other engine',
};

/** The engine's name as written; a key the list does not hold reads as itself. */
export function engineName(v: GroupValue | undefined): string {
  if (v === undefined) return 'unknown engine';
  return Object.hasOwn(ENGINE_NAMES, String(v)) ? (ENGINE_NAMES[String(v)] ?? String(v)) : String(v);
}
