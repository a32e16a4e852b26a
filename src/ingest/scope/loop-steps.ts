/**
 * A command inside shell loops (context/shell-loop.ts) runs once per pass; what differs between
 * its passes (`--max-concurrency $c`) is a step the runs after it take in output order:
 *   - the command is read once per pass, the loop variables given that pass's values; a setting
 *     that differs between passes is the pass's (the others are the command's own);
 *   - each run takes the next pass; a run that states a stepped setting itself (`Maximum request
 *     concurrency: 16`) takes the pass that agrees with it, and the passes after follow on;
 *   - runs past the last pass take none (said in a diagnostic by the caller).
 * Provenance names the loop, the pass and whether the run itself confirmed it.
 */
import type { ShellLoop } from '../context/shell-loop';
import { substitute } from '../context/shell-variables';

export interface OpenLoop extends ShellLoop {
  /** 1-based line of the loop's head. */
  line: number;
}

export interface LoopStep<V> {
  /** The settings of this pass that differ between passes. */
  settings: Record<string, V>;
  /** The loop values of the pass, as written (`c=4`). */
  said: string;
}

export interface LoopSteps<V> {
  steps: Array<LoopStep<V>>;
  /** Index of the pass the next run takes. */
  next: number;
  /** `for c in 1 4 16` (line 3), for provenance. */
  loops: string;
}

/** Passes of nested loops, outer first: at most this many are read. */
const MAX_PASSES = 256;

/** Every pass of the open loops, outer loop first: name → value. */
function passes(loops: readonly OpenLoop[]): Array<Map<string, string>> {
  let out: Array<Map<string, string>> = [new Map()];
  for (const l of loops) {
    const next: Array<Map<string, string>> = [];
    for (const p of out) for (const v of l.values) next.push(new Map(p).set(l.name, v));
    if (next.length > MAX_PASSES) return [];
    out = next;
  }
  return out;
}

function refersTo(text: string, name: string): boolean {
  return new RegExp(String.raw`\$(?:\{${name}\}|${name}(?!\w))`).test(text);
}

/**
 * The steps of a command inside loops; undefined when it refers to no loop variable or its
 * passes state the same settings. `read` reads the command text into settings; `vars` gives
 * the other shell variables.
 */
export function loopSteps<V>(
  loops: readonly OpenLoop[],
  text: string,
  vars: (name: string) => string | undefined,
  read: (text: string) => Record<string, V>,
): LoopSteps<V> | undefined {
  const named = loops.filter((l) => refersTo(text, l.name));
  if (named.length === 0) return undefined;
  const base = read(substitute(text, vars).text);
  const steps: Array<LoopStep<V>> = [];
  let differs = false;
  for (const pass of passes(loops)) {
    const settings = read(substitute(text, (n) => pass.get(n) ?? vars(n)).text);
    const own: Record<string, V> = {};
    for (const [k, v] of Object.entries(settings)) {
      if (base[k] === v) continue;
      own[k] = v;
      differs = true;
    }
    steps.push({ settings: own, said: named.map((l) => `${l.name}=${pass.get(l.name)}`).join(', ') });
  }
  if (!differs) return undefined;
  return { steps, next: 0, loops: loops.map((l) => `"${l.head}" (line ${l.line})`).join(' in ') };
}

/**
 * The pass a run takes: the first from `next` on whose stepped settings the run's own do not
 * contradict, preferring one the run confirms; undefined past the last pass.
 */
export function takeStep<V>(
  steps: LoopSteps<V>,
  own: Readonly<Record<string, unknown>> | undefined,
): { step: LoopStep<V>; index: number; confirmed: boolean } | undefined {
  const agrees = (st: LoopStep<V>): 'yes' | 'no' | 'silent' => {
    let said = false;
    for (const [k, v] of Object.entries(st.settings)) {
      const have = own?.[k];
      if (have === undefined) continue;
      if (have !== v) return 'no';
      said = true;
    }
    return said ? 'yes' : 'silent';
  };
  let index = -1;
  for (let k = steps.next; k < steps.steps.length && index < 0; k++) if (agrees(steps.steps[k] as LoopStep<V>) === 'yes') index = k;
  // The run states none of the stepped settings: the next pass, in output order.
  if (index < 0 && steps.next < steps.steps.length && agrees(steps.steps[steps.next] as LoopStep<V>) === 'silent') index = steps.next;
  if (index < 0) return undefined;
  steps.next = index + 1;
  const step = steps.steps[index] as LoopStep<V>;
  return { step, index, confirmed: agrees(step) === 'yes' };
}

/** Provenance of a setting a pass gave. */
export function stepSource<V>(steps: LoopSteps<V>, taken: { step: LoopStep<V>; index: number; confirmed: boolean }): string {
  const how = taken.confirmed ? 'the result agrees' : 'inferred from output order';
  return `loop ${steps.loops}, pass ${taken.index + 1} of ${steps.steps.length} (${taken.step.said}; ${how})`;
}
