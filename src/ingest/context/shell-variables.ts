/**
 * Shell variables a log assigns (`export MODEL_PATH="Hunyuan-A13B-Instruct"`, `MODEL=x ./run.sh`,
 * `ENV TP=4`) and the references commands make to them (`vllm serve ${MODEL_PATH}`, `--tp $TP`).
 * A reference is replaced by the value assigned earlier in the file; one that no line assigns
 * stays unresolved, and a value holding it is never taken as a setting (`${MODEL_PATH}` is no
 * model name).
 */

export interface Assignment {
  name: string;
  value: string;
}

/** `export A=1 B="two words" ./cmd`: the assignments before the command (none after it). */
const LEADING = /^\s*(?:[-+]\s+)?(?:export\s+|set\s+|ENV\s+|declare\s+(?:-\w+\s+)?|readonly\s+)?[A-Za-z_]\w*=/;
const ONE = /^([A-Za-z_]\w*)=("(?:[^"\\]|\\.)*"|'[^']*'|[^\s;&|]*)(?:\s+|;\s*|$)/;
const REFERENCE = /\$\{([A-Za-z_]\w*)(?::?[-=]([^}]*))?\}|\$([A-Za-z_]\w*)/g;

function unquote(v: string): string {
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

/** The variables a shell line assigns (a prompt, list dash or `export` before them allowed). */
export function assignmentsOf(line: string): Assignment[] {
  if (line.length > 2000 || line.indexOf('=') < 0 || !LEADING.test(line)) return [];
  let rest = line.replace(/^\s*(?:[-+]\s+)?(?:export\s+|set\s+|ENV\s+|declare\s+(?:-\w+\s+)?|readonly\s+)?/, '');
  const out: Assignment[] = [];
  for (let k = 0; k < 32; k++) {
    const m = ONE.exec(rest);
    if (!m?.[1]) break;
    out.push({ name: m[1], value: unquote(m[2] ?? '') });
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** Whether `text` refers to a shell variable (`$X`, `${X}`). */
export function hasVariable(text: string): boolean {
  return text.indexOf('$') >= 0 && /\$\{?[A-Za-z_]/.test(text);
}

export interface Substituted {
  text: string;
  /** Names referred to and assigned nowhere earlier (no default given). */
  unresolved: string[];
}

/**
 * `text` with each reference replaced by its value (`lookup`), or by the default written in it
 * (`${X:-8}`); a reference with neither stays as written and is listed.
 */
export function substitute(text: string, lookup: (name: string) => string | undefined): Substituted {
  if (!hasVariable(text)) return { text, unresolved: [] };
  const unresolved: string[] = [];
  const out = text.replace(REFERENCE, (whole, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    const value = lookup(name) ?? fallback;
    if (value !== undefined && !hasVariable(value)) return value;
    if (!unresolved.includes(name)) unresolved.push(name);
    return whole;
  });
  return { text: out, unresolved };
}

/** Variables assigned so far: name → value and the 1-based line of its latest assignment. */
export type VariableMap = Map<string, { value: string; line: number }>;

/** Records an assignment (the latest of a name wins); the map keeps at most `limit` names, dropping the oldest. */
export function assignVariable(vars: VariableMap, name: string, value: string, line: number, limit = 256): void {
  vars.delete(name);
  if (vars.size >= limit) {
    const oldest = vars.keys().next().value;
    if (oldest !== undefined) vars.delete(oldest);
  }
  vars.set(name, { value, line });
}
