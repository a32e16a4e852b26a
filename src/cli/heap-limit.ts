/**
 * Node's default heap limit (about 4 GiB on a 64-bit machine, however much memory it has) is
 * what bounds how many runs `report` and `compare` can hold: they keep every run for the
 * analysis (about 2.6 KB a run, plus the analysis), so a log much over 1 GB ran out of heap
 * with V8's fatal error. The launcher (bin/benchbook.js) asks this module whether to run the
 * command in a child Node with a limit sized to the machine instead.
 */

/** Commands that hold every run in memory; `parse` streams and never needs more. */
const COLLECTING = new Set(['report', 'compare']);

/** Share of the machine's memory the heap may grow to. */
const MEMORY_SHARE = 0.75;

export interface HeapContext {
  /** `process.execArgv`. */
  execArgv: readonly string[];
  /** `process.env.NODE_OPTIONS`. */
  nodeOptions: string | undefined;
  /** `os.totalmem()`, bytes. */
  totalMemory: number;
  /** `v8.getHeapStatistics().heap_size_limit`, bytes. */
  heapLimit: number;
}

/** Whether the user (or a parent benchbook) already chose a heap limit. */
function limitChosen(ctx: HeapContext): boolean {
  const chosen = (s: string): boolean => /--max[-_]old[-_]space[-_]size/.test(s);
  return ctx.execArgv.some(chosen) || chosen(ctx.nodeOptions ?? '');
}

/**
 * The `--max-old-space-size=MiB` flag to run `argv` (the CLI's arguments) with, or undefined
 * to run it as it is: for `report` and `compare` only, when nobody chose a limit, and when
 * three quarters of the machine's memory is clearly more than the current limit.
 */
export function heapFlagFor(argv: readonly string[], ctx: HeapContext): string | undefined {
  const command = argv[0];
  if (command === undefined || !COLLECTING.has(command) || argv.includes('--help') || argv.includes('-h')) return undefined;
  if (limitChosen(ctx)) return undefined;
  const wantMiB = Math.floor((ctx.totalMemory * MEMORY_SHARE) / 2 ** 20);
  if (wantMiB <= (ctx.heapLimit / 2 ** 20) * 1.25) return undefined;
  return `--max-old-space-size=${wantMiB}`;
}
