/**
 * A flat dict or JSON object printed on one line by a home-made script, optionally after a name:
 *
 *   {'ttft': 0.12, 'tps': 45.1, 'latency': 5.31}          Python's print(dict)
 *   results: {"mean_ttft_ms": 120.3, "request_throughput": 2.2}   json.dumps after a label
 *
 * Its scalar members are pairs (strings unquoted; `True`/`None` kept as written); a nested
 * object or list is skipped whole (it is a sample or a setting list, not a figure). Anything
 * that is not member after member gives undefined: the line is then no dict.
 */
import { balancedClose } from './balanced';

/** One member: its key and its value as written. */
export interface DictPair {
  key: string;
  value: string;
}

const MAX_MEMBERS = 80;
/** `name: {` or `name = {` before the object. */
const LEAD = /^([A-Za-z_][\w .-]{0,40}?)\s*[:=]\s*(?=\{)/;

/** The index after a quoted string that opens at `k`, or -1. */
function afterString(text: string, k: number): number {
  const quote = text[k];
  for (let c = k + 1; c < text.length; c++) {
    if (text[c] === '\\') c++;
    else if (text[c] === quote) return c + 1;
  }
  return -1;
}

const NESTED = { quotes: `'"`, open: '{[', close: '}]', maxLines: 1 };

/** The index after a balanced `{…}` or `[…]` that opens at `k`, or -1. */
function afterNested(text: string, k: number): number {
  const close = balancedClose([text], 0, k, NESTED);
  return close ? close.column + 1 : -1;
}

const SCALAR =
  /^(?:[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|True|False|None|true|false|null|NaN|Infinity|-Infinity|inf|nan)(?=\s*[,}])/;

/** One member's value at `k`: the text kept (undefined for a nested one) and where it ends. */
function valueAt(text: string, k: number): { value?: string; end: number } | undefined {
  const ch = text[k];
  if (ch === "'" || ch === '"') {
    const end = afterString(text, k);
    return end < 0 ? undefined : { value: text.slice(k + 1, end - 1), end };
  }
  if (ch === '{' || ch === '[') {
    const end = afterNested(text, k);
    return end < 0 ? undefined : { end };
  }
  const m = SCALAR.exec(text.slice(k, k + 40));
  return m ? { value: m[0], end: k + m[0].length } : undefined;
}

function skipSpace(text: string, k: number): number {
  let c = k;
  while (c < text.length && (text[c] === ' ' || text[c] === '\t')) c++;
  return c;
}

/** The members of the object that spans all of `text` (`{` … `}`), or undefined. */
function members(text: string): DictPair[] | undefined {
  const out: DictPair[] = [];
  let k = skipSpace(text, 1);
  for (let n = 0; n < MAX_MEMBERS && k < text.length - 1; n++) {
    const q = text[k];
    if (q !== "'" && q !== '"') return undefined;
    const keyEnd = afterString(text, k);
    if (keyEnd < 0) return undefined;
    const key = text.slice(k + 1, keyEnd - 1);
    k = skipSpace(text, keyEnd);
    if (text[k] !== ':') return undefined;
    const v = valueAt(text, skipSpace(text, k + 1));
    if (!v) return undefined;
    if (v.value !== undefined && /[A-Za-z]/.test(key)) out.push({ key, value: v.value });
    k = skipSpace(text, v.end);
    if (text[k] === ',') k = skipSpace(text, k + 1);
    else if (k !== text.length - 1) return undefined;
  }
  return k === text.length - 1 ? out : undefined;
}

/** The pairs of a one-line dict, and the name printed before it; undefined when the line is not one. */
export function dictLine(body: string): { pairs: DictPair[]; name?: string } | undefined {
  if (body.charCodeAt(body.length - 1) !== 0x7d) return undefined;
  const lead = body.charCodeAt(0) === 0x7b ? undefined : LEAD.exec(body);
  const object = lead ? body.slice(lead[0].length) : body;
  if (object.charCodeAt(0) !== 0x7b || afterNested(object, 0) !== object.length) return undefined;
  const pairs = members(object);
  if (!pairs || pairs.length < 2) return undefined;
  const name = lead?.[1]?.trim();
  return name ? { pairs, name } : { pairs };
}
