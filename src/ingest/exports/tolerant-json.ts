/**
 * JSON as Python's `json.dumps` writes it: SGLang's bench_serving puts `"request_rate":
 * Infinity` (and `NaN`) into its JSONL, which `JSON.parse` refuses. Those three tokens, and
 * only those, are accepted outside strings; they are read as the strings "Infinity",
 * "-Infinity" and "NaN", so that a reader keeps them as text (an `inf` rate is absent, its
 * text kept) and never as a number.
 */

const NON_FINITE = /-?Infinity|NaN/y;

/** A bare non-finite token: where it was and under which key. */
export interface NonFiniteToken {
  token: string;
  /** 0-based offset in the text. */
  offset: number;
  /** The object key it is the value of, when it is one (not an array element). */
  key?: string;
}

const KEY_BEFORE = /"((?:[^"\\]|\\.){1,200})"\s*:\s*$/;

/** The text with bare `Infinity`/`-Infinity`/`NaN` outside strings quoted; undefined when it has none. */
function quoteNonFinite(text: string, found?: NonFiniteToken[]): string | undefined {
  let out = '';
  let from = 0;
  let inString = false;
  let changed = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (inString) {
      if (c === '\\') k++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c !== 'I' && c !== 'N' && c !== '-') continue;
    NON_FINITE.lastIndex = k;
    const m = NON_FINITE.exec(text);
    if (!m) continue;
    const after = text.charCodeAt(k + m[0].length);
    if ((after >= 0x30 && after <= 0x39) || (after >= 0x41 && after <= 0x5a) || (after >= 0x61 && after <= 0x7a)) continue;
    if (found) {
      const key = KEY_BEFORE.exec(text.slice(Math.max(0, k - 220), k))?.[1];
      found.push(key === undefined ? { token: m[0], offset: k } : { token: m[0], offset: k, key });
    }
    out += `${text.slice(from, k)}"${m[0]}"`;
    from = k + m[0].length;
    k = from - 1;
    changed = true;
  }
  return changed ? out + text.slice(from) : undefined;
}

/**
 * `JSON.parse`, also for Python's non-finite number tokens (each listed in `found` when given).
 * Throws as `JSON.parse` does otherwise.
 */
export function parseJsonTolerant(text: string, found?: NonFiniteToken[]): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const quoted = /Infinity|NaN/.test(text) ? quoteNonFinite(text, found) : undefined;
    if (quoted === undefined) throw e;
    return JSON.parse(quoted);
  }
}
