/**
 * Which reader a JSON object needs, from its keys: the export readers' detectors in their order
 * (exports/index.ts reads a file with them; blocks/json-result.ts asks the same of a JSON
 * document pasted into a log, so that a tool's export reads the same in a file and in text).
 */
import type { FormatName } from '../../model/records';
import { looksLikeAisbenchCommon } from '../formats/aisbench/aisbench-json';
import { looksLikeEvalscopeArgs } from '../formats/evalscope/evalscope-args';
import { looksLikeEvalscopeResult } from '../formats/evalscope/evalscope-json';
import { looksLikeGenaiPerfExport } from '../formats/genai-perf/genai-perf-json';
import { looksLikeGenaiPerfRequests } from '../formats/genai-perf/genai-perf-requests';
import { looksLikeGuidellmReport } from '../formats/guidellm/guidellm-json';
import { looksLikeOhaJson } from '../formats/hey-oha/oha-json';
import { looksLikeJetstreamResult } from '../formats/jetstream/jetstream-json';
import { looksLikeK6Summary } from '../formats/k6/k6-json';
import { looksLikeLlmdReport } from '../formats/llm-d/from-llm-d-report';
import { looksLikeLlmperfSummary } from '../formats/llmperf/llmperf-json';
import { isSglangResult, looksLikeServingResult } from '../formats/serving-bench/serving-json';
import { looksLikeBenchbookRecord } from './benchbook-jsonl';

/** Which reader an object needs, from its keys (a `--format-hint` narrows the choice). */
export function formatOf(o: Record<string, unknown>, hint?: FormatName): FormatName | undefined {
  const servingHint = hint === 'vllm-bench-json' || hint === 'sglang-bench-jsonl';
  if (!hint && looksLikeAisbenchCommon(o)) return 'aisbench';
  if ((looksLikeGenaiPerfExport(o) || looksLikeGenaiPerfRequests(o)) && !servingHint) return 'genai-perf-json';
  if (looksLikeLlmperfSummary(o)) return 'llmperf-json';
  // Before the vLLM reader: JetStream's first result files were flat, with vLLM's metric keys.
  if (!servingHint && looksLikeJetstreamResult(o)) return 'jetstream-json';
  if (looksLikeServingResult(o)) {
    if (servingHint) return hint;
    return isSglangResult(o) ? 'sglang-bench-jsonl' : 'vllm-bench-json';
  }
  if (looksLikeGuidellmReport(o)) return 'guidellm-json';
  if (looksLikeEvalscopeResult(o)) return 'evalscope-json';
  if (looksLikeOhaJson(o)) return 'oha-json';
  if (looksLikeK6Summary(o)) return 'k6-json';
  return undefined;
}

/** Whether a reader of its own takes the object (a tool's export, benchbook's own record, evalscope's arguments). */
export function isKnownExport(o: Record<string, unknown>): boolean {
  return formatOf(o) !== undefined || looksLikeBenchbookRecord(o) || looksLikeLlmdReport(o) || looksLikeEvalscopeArgs(o);
}
