/**
 * One group value in prose, one definition for every stage that says it: "concurrency 30",
 * "2 GPUs", "SGLang", "OpenAI API", "context 8,192". The claims check (analyze), chart labels
 * (charts) and the report's sentences (report) build on it. Not escaped: values come from
 * logs, so whoever prints them escapes.
 */
import { engineName } from './engine-names';
import type { GroupKey, GroupValue } from './run-group';

/** A setting as written: 8,192 and 0.7 (settings are exact: no rounding). */
export function settingNumber(v: number): string {
  if (!Number.isInteger(v)) return String(v);
  return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** One group value in words: `concurrency 30`, `2 GPUs`, `SGLang`, `native API`, `context 8,192`. */
export function valueWords(key: GroupKey, v: GroupValue): string {
  const text = typeof v === 'number' ? settingNumber(v) : String(v);
  switch (key) {
    case 'engine':
      return engineName(v);
    case 'gpus':
      return `${text} GPU${v === 1 ? '' : 's'}`;
    case 'api':
      return `${apiName(v)} API`;
    case 'concurrency':
      return `concurrency ${text}`;
    case 'max_tokens':
      return `max tokens ${text}`;
    case 'context_length':
      return `context ${text}`;
    case 'temperature':
      return `temperature ${text}`;
    case 'strategy':
      return `${text} parallel`;
    default:
      return text;
  }
}

/** "a, b and c" (or "a, b or c"): items in a sentence. */
export function listWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** An API value's name: `OpenAI` for openai, any other as written. */
export function apiName(v: GroupValue): string {
  const s = String(v);
  return s === 'openai' ? 'OpenAI' : s;
}
