/**
 * danfojs 1.2.0's groupby aggregates count a missing value (null, from an absent metric) as
 * a 0: the mean of [1, null, 3] comes out 1.33, and a group with no value gets mean 0. A
 * notebook user grouping the frame of `runsToFrame` would get wrong numbers, so the frames
 * benchbook hands out come from a danfojs whose groupby skips missing values, as pandas does:
 * `count` counts the values present, `sum` of none is 0, every other aggregate of none is
 * NaN (absent once the frame is turned back into rows). Cumulative operations are left as
 * they are.
 */

const AGGREGATES: ReadonlySet<string> = new Set(['max', 'min', 'sum', 'count', 'mean', 'std', 'var', 'median', 'mode']);
const PATCHED = Symbol.for('benchbook.groupby-skips-missing');

type GroupMathLog = (this: unknown, values: unknown[], op: string) => unknown[];

interface GroupbyPrototype {
  groupMathLog?: GroupMathLog;
  [PATCHED]?: true;
}

export function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
}

/**
 * Patches the Groupby class of a loaded danfojs (found through a groupby object, not a file
 * path) once. Returns false when danfojs has no `groupMathLog` to wrap (another version):
 * the test of this module then fails rather than numbers silently changing.
 */
export function skipMissingInGroupby(groupby: object): boolean {
  const proto = Object.getPrototypeOf(groupby) as GroupbyPrototype;
  if (proto[PATCHED]) return true;
  const original = proto.groupMathLog;
  if (typeof original !== 'function') return false;
  proto.groupMathLog = function (this: unknown, values: unknown[], op: string): unknown[] {
    if (!AGGREGATES.has(op)) return original.call(this, values, op);
    const present = values.filter((v) => !isMissing(v));
    if (op === 'count') return [present.length];
    if (present.length === 0) return [op === 'sum' ? 0 : Number.NaN];
    return original.call(this, present, op);
  };
  proto[PATCHED] = true;
  return true;
}
