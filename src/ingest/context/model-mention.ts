/**
 * Model names a text states without the word "model": `Llama 3 8B`, `Mistral 7B`,
 * `Qwen2.5-7B-Instruct`, `bloomz-560m`, an ollama tag (`qwen2.5:7b`), a `.gguf` file, a Hugging
 * Face id (`meta-llama/Llama-3.1-8B-Instruct`). A name needs a parameter size (`8B`, `560m`,
 * `8x7B`) or is a file or id: no table of known models is involved. When the text names one
 * model (every mention the same name), that model is the runs' model, inferred.
 */

/** A parameter-size token: `8B`, `1.5B`, `560m`, `350M`, `8x7B` (experts only in billions). */
const SIZE = /^(?:\d+(?:\.\d+)?[bm]|\d+x\d+(?:\.\d+)?b)$/i;

/** Whether a token is a parameter size (`8B`, `1.5b`, `560m`, `8x7B`). */
export function isParameterSize(token: string): boolean {
  return SIZE.test(token);
}
/** What every mention holds, a size or a `.gguf` file: one test before the patterns. */
const CANDIDATE = /\d[bBmM](?![A-Za-z0-9])|\.gguf/i;
/** A Hugging Face id: `org/name` with a size in the name. */
const HF_ID = /(?:^|[\s`'"(=])([A-Za-z0-9][\w.-]*\/[A-Za-z][\w.-]*\d[bBmM](?:[-_.][\w.-]*)?)(?=$|[\s`'",.;:)])/g;
const GGUF = /(?:^|[\s`'"(/\\])([\w.-]+\.gguf)\b/gi;
/** An ollama tag: `qwen2.5:7b`, `llama3.1:8b-instruct-q4_K_M`. */
const TAG = /(?:^|[\s`'"(])([a-z][\w.-]*:(?:\d+x)?\d+(?:\.\d+)?[bm](?:-[\w.]+)*)(?=$|[\s`'",;:)]|\.(?:\s|$))/gi;
/** Family, an optional version, a size: `Llama 3 8B`, `Gemma 2 9B`, `Qwen2.5 72B`, `Mistral 7B`. */
const SPACED = /(?<![\w.-])([A-Z][A-Za-z]{2,}\d*(?:\.\d+)?)(?:\s+(v?\d+(?:\.\d+)?))?\s+((?:\d+x)?\d+(?:\.\d+)?[BM])(?![\w.-])/g;
/** Words before a minutes-like size that make it a time (`timeout-30m`, `ttl-10m`). */
const TIME_WORDS = /^(?:timeout|ttl|interval|duration|window|every|after|wait|sleep|cache|retention|period)$/i;
/** Capitalised words before a size that are no model family (`Total 8B`, `With 70B`). */
const NOT_FAMILY =
  /^(?:the|and|for|with|using|only|our|this|that|total|size|sizes|model|models|memory|vram|ram|params?|parameters?|about|over|under|from|into|than|all|each|both)$/i;

export interface ModelMention {
  name: string;
  /** The mention with spaces, dashes and underscores alike, lower case: two spellings of one name compare equal. */
  key: string;
}

/** A model name for comparing spellings: the last part of a path, lower case, separators alike. */
export function modelKey(name: string): string {
  return (
    name
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? name
  )
    .toLowerCase()
    .replace(/\.gguf$/, '')
    .replace(/[\s_:-]+/g, '-');
}

/**
 * Words joining a name part and a size part: `Qwen2.5-7B-Instruct`, `bloomz-560m`, `Qwen-1.5B`.
 * Strict (a line's model mentions, with no list to check them against): dash-joined, no path,
 * tag or file, starting with a word of two letters that is no time (`timeout-30m`). Loose (a
 * report's short names, resolved against the ids it lists): any `-`, `_` or `/` join with a part
 * that starts with a letter, a `key:` before it dropped.
 */
export function sizedWords(text: string, strict: boolean): string[] {
  const out: string[] = [];
  for (const word of text.split(strict ? /[\s,;()[\]`'"*]+/ : /[\s,;:()[\]`'"*]+/)) {
    const w = word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (strict && (w.indexOf('-') < 0 || /[/:\\]/.test(w) || /\.gguf$/i.test(w))) continue;
    const parts = w.split(/[/_-]+/).filter((p) => p !== '');
    if (parts.length < 2 || !parts.some((p) => SIZE.test(p))) continue;
    const first = parts[0] ?? '';
    if (strict ? !/^[A-Za-z]{2,}/.test(first) || TIME_WORDS.test(first) : !parts.some((p) => /^[a-z]/i.test(p) && !SIZE.test(p))) continue;
    out.push(w);
  }
  return out;
}

/** The model names a line states (see the file comment), in order; a name inside another is left out. */
export function modelMentionsIn(text: string): ModelMention[] {
  if (text.length > 4000 || !CANDIDATE.test(text)) return [];
  const names: string[] = [];
  for (const re of [HF_ID, GGUF, TAG]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) if (m[1]) names.push(m[1].replace(/[.]+$/, ''));
  }
  SPACED.lastIndex = 0;
  for (let m = SPACED.exec(text); m; m = SPACED.exec(text)) {
    if (m[1] && !NOT_FAMILY.test(m[1])) names.push(m[0]);
  }
  names.push(...sizedWords(text, true));
  const out: ModelMention[] = [];
  for (const name of names) {
    const key = modelKey(name);
    if (out.some((o) => o.key.includes(key))) continue;
    for (let k = out.length - 1; k >= 0; k--) if (key.includes(out[k]?.key ?? '\0')) out.splice(k, 1);
    out.push({ name, key });
  }
  return out;
}

export interface InferredModel {
  name: string;
  line: number;
  /** The words around the first mention, for provenance. */
  text: string;
}

/**
 * The one model the lines name, with the first line naming it; undefined when they name none or
 * several (a comparison of models names no single model of the runs).
 */
export function onlyModelNamed(lines: ReadonlyArray<{ line: number; text: string }>): InferredModel | undefined {
  let first: InferredModel | undefined;
  let firstKey = '';
  for (const { line, text } of lines) {
    for (const m of modelMentionsIn(text)) {
      if (first === undefined) {
        first = { name: m.name, line, text: m.name };
        firstKey = m.key;
      } else if (!firstKey.includes(m.key) && !m.key.includes(firstKey)) return undefined;
    }
  }
  return first;
}
