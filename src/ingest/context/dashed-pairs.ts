/**
 * The one reader of `name=value` pairs and `--flag value` words, for a line of a log
 * (settings-line.ts) and a table row's or column's label (tables/label-settings.ts). Names are
 * kept whole, dashes and dots included (`request-rate=8` is `request-rate`, never `rate`;
 * `--max-model-len 4096`), and go through the settings vocabulary as written; a dotted config
 * path the vocabulary does not know as a whole (`engine.max_model_len=4096`) is read by its last
 * part, the key it sets.
 */
import { type Setting, settingsOfPair } from './settings-vocabulary';

export interface NamedPair {
  /** The name as written, without leading dashes' meaning changed (`--tp`, `request-rate`). */
  name: string;
  value: string;
}

/**
 * `name=value`: a name (letters, digits, `_`, `-`, `.`; `-`/`--` before it) not inside a longer
 * word, `=` but not `==` (a pin, `vllm==0.8.5`), a quoted value or one up to a space, comma,
 * semicolon or closing bracket. With `spaced`, blanks around `=` are allowed (a label's
 * `TP = 2`); a line's `a = b` is a sentence as often, and settings-line reads it whole.
 */
const PAIR = /(?<![\w.-])((?:--?)?[A-Za-z_](?:[\w.-]*\w)?)=(?!=)("[^"]*"|'[^']*'|[^\s,;)\]}]+)/g;
const SPACED_PAIR = /(?<![\w.-])((?:--?)?[A-Za-z_](?:[\w.-]*\w)?)\s*(?<![=!<>])=(?!=)\s*("[^"]*"|'[^']*'|[^\s,;)\]}]+)/g;

/** A flag word: `-x`, `--name`, `--name=value`. */
const FLAG_WORD = /^--?[A-Za-z]/;

/** A value without the quotes around it and a sentence's full stop or colon after it. */
function bareValue(text: string): string {
  return text.replace(/^(["'])(.*)\1$/, '$2').replace(/(?<=\w)[.:]+$/, '');
}

/** The `name=value` pairs of `text`, in order. */
export function namedPairs(text: string, spaced = false): NamedPair[] {
  if (text.indexOf('=') < 0) return [];
  const out: NamedPair[] = [];
  for (const m of text.matchAll(spaced ? SPACED_PAIR : PAIR)) out.push({ name: m[1] ?? '', value: bareValue(m[2] ?? '') });
  return out;
}

/** Flags in shell words (`--tp 4`, `--num-prompts=100`, `-n 8`): each flag with the value after it. */
export function flagPairs(words: readonly string[]): NamedPair[] {
  const out: NamedPair[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    if (!FLAG_WORD.test(w)) continue;
    const eq = w.indexOf('=');
    const value = eq > 0 ? w.slice(eq + 1) : words[k + 1];
    if (value === undefined || FLAG_WORD.test(value)) continue;
    if (eq < 0) k++;
    out.push({ name: eq > 0 ? w.slice(0, eq) : w, value: value.replace(/^["']|["']$/g, '') });
  }
  return out;
}

/** The words of a label, without the brackets and commas around them (`(--tp 2),` → `--tp`, `2`). */
export function labelWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[([{]+|[)\]},;]+$/g, ''))
    .filter((w) => w !== '');
}

/**
 * What a pair states, the name read whole through the vocabulary; a dotted path the vocabulary
 * does not know whole (`server.max_model_len`) by its last part.
 */
export function settingsOfNamedPair(pair: NamedPair): Setting[] {
  const whole = settingsOfPair(pair.name, pair.value);
  if (whole.length > 0) return whole;
  const dot = pair.name.lastIndexOf('.');
  return dot > 0 && dot < pair.name.length - 1 ? settingsOfPair(pair.name.slice(dot + 1), pair.value) : [];
}
