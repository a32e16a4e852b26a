/**
 * Shell loops over a benchmark's settings, as people sweep a client:
 *
 *   for c in 1 4 16; do vllm bench serve … --max-concurrency $c; done
 *   for rate in {1,2,4}      /  for n in $(seq 1 4)  /  for c in ${LEVELS}  (assigned above)
 *   do
 *     python bench.py --concurrency $c
 *   done
 *
 * The loop's values are what each pass gives its variable, in order; the outputs after the
 * loop are the passes' outputs in that order (scope/loop-steps.ts gives each run its pass).
 * Values the text does not spell out (`$(ls configs)`) make no loop: nothing is guessed.
 */

export interface ShellLoop {
  /** The loop variable (`c`). */
  name: string;
  /** The values of the passes, in order. */
  values: string[];
  /** The loop's head as written (`for c in 1 4 16`), for provenance. */
  head: string;
}

export interface LoopLine {
  loop: ShellLoop;
  /** The commands after `do` on the same line (`vllm bench serve … $c`), `; done` dropped. */
  body?: string;
  /** Whether the same line closes the loop (`…; done`). */
  closed: boolean;
}

/** More passes than this is no sweep anyone reads output by output. */
const MAX_VALUES = 64;

const FOR = /^\s*(?:\$\s+|>\s+)?for\s+([A-Za-z_]\w*)\s+in\s+(.+?)\s*(?:;\s*do\b\s*(.*?)|;)?\s*$/;
const DONE = /(?:^|;)\s*done\s*(?:[;|&>].*)?$/;
const SEQ = /^\$\(\s*seq\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?\s*\)$|^`\s*seq\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?\s*`$/;
const BRACE_RANGE = /^\{(\d+)\.\.(\d+)(?:\.\.(\d+))?\}$/;
const BRACE_LIST = /^\{([^{}]*,[^{}]*)\}$/;
const VARIABLE = /^["']?\$\{?([A-Za-z_]\w*)(?:\[@\])?\}?["']?$/;

function range(from: number, step: number, to: number): string[] | undefined {
  if (step <= 0 || to < from || (to - from) / step >= MAX_VALUES) return undefined;
  const out: string[] = [];
  for (let v = from; v <= to; v += step) out.push(String(v));
  return out;
}

/** `$(seq 1 4)`, `$(seq 1 2 9)`: first, step, last. */
function seqValues(word: string): string[] | undefined {
  const m = SEQ.exec(word);
  if (!m) return undefined;
  const nums = m
    .slice(1)
    .filter((x) => x !== undefined)
    .map(Number);
  if (nums.length === 1) return range(1, 1, nums[0] ?? 0);
  if (nums.length === 2) return range(nums[0] ?? 0, 1, nums[1] ?? 0);
  return range(nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0);
}

/** One word of the list: itself, a brace list or range, a `seq`, or an assigned variable's words. */
function wordValues(word: string, lookup: (name: string) => string | undefined): string[] | undefined {
  const brace = BRACE_RANGE.exec(word);
  if (brace) return range(Number(brace[1]), Number(brace[3] ?? 1), Number(brace[2]));
  const list = BRACE_LIST.exec(word);
  if (list?.[1] !== undefined) return list[1].split(',');
  const seq = seqValues(word);
  if (seq || /^(?:\$\(|`)/.test(word)) return seq;
  const variable = VARIABLE.exec(word);
  if (variable?.[1]) {
    const value = lookup(variable[1]);
    return value === undefined
      ? undefined
      : value
          .replace(/^\(|\)$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean);
  }
  if (/[$`*?]/.test(word)) return undefined; // a glob or a command: values not written
  return [word.replace(/^["']|["']$/g, '')];
}

function valuesOf(list: string, lookup: (name: string) => string | undefined): string[] | undefined {
  const words = list.match(/\$\([^)]*\)|`[^`]*`|"[^"]*"|'[^']*'|\S+/g) ?? [];
  const out: string[] = [];
  for (const w of words) {
    const v = wordValues(w, lookup);
    if (!v) return undefined;
    out.push(...v.map((x) => x.trim()).filter((x) => x !== ''));
    if (out.length > MAX_VALUES) return undefined;
  }
  return out.length > 0 ? out : undefined;
}

/** The loop a line opens (`for c in 1 4 16; do …`), with the commands after `do`; undefined for any other line. */
export function loopOfLine(line: string, lookup: (name: string) => string | undefined): LoopLine | undefined {
  if (line.length > 2000 || line.indexOf('for') < 0) return undefined;
  const m = FOR.exec(line);
  if (!m?.[1] || m[2] === undefined) return undefined;
  const values = valuesOf(m[2], lookup);
  if (!values) return undefined;
  const head = `for ${m[1]} in ${m[2]}`;
  const rest = m[3]?.trim();
  if (rest === undefined || rest === '') return { loop: { name: m[1], values, head }, closed: false };
  const closed = DONE.test(rest);
  const body = rest.replace(DONE, '').trim();
  return { loop: { name: m[1], values, head }, closed, ...(body !== '' ? { body } : {}) };
}

/** `done`, `done | tee log`, `…; done`: the line closes the innermost loop. */
export function closesLoop(line: string): boolean {
  return line.indexOf('done') >= 0 && DONE.test(line);
}

/** The commands of a loop body line without `do ` before them and `; done` after. */
export function bodyText(line: string): string {
  return line.replace(/^(\s*)do\s+/, '$1').replace(DONE, '');
}
