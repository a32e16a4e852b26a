/**
 * Runs as rows, statistics as columns, one quantity named in the corner (issue 27): a
 * micro-benchmark table such as pytest-benchmark prints,
 *
 *   Name (time in us)          Min        Max       Mean     StdDev     Median   Rounds
 *   test_decode[fp16]      20.2000 (1.0)  362.30 (4.56)  22.3558 (1.0)  …
 *
 * The corner (`Name (time in us)`, `Test (ms)`) says the rows are named runs and what the
 * statistic columns measure, in which unit; a time is a per-call latency. A cell's `(1.0)`
 * after its value is its ratio to the best row, not a spread: it is dropped. The other columns
 * (`IQR`, `OPS (Kops/s)`, `Rounds`) are read by their own names.
 */

/** `Name (time in us)`, `Test (ms)`, `Benchmark (latency, ms)`: the run-name column naming the quantity and unit. */
const CORNER = /^(?:name|test|tests|benchmark|case)\s*\(\s*(?:(\w[\w ]*?)(?:\s+in\s+|\s*,\s*))?(ns|us|µs|μs|ms|s|sec|seconds)\s*\)$/i;

/** What a run-stats corner states: the quantity's label for the vocabulary, with its unit. */
export function cornerQuantity(corner: string): { label: string; unit: string } | undefined {
  const m = CORNER.exec(corner.trim());
  if (!m?.[2]) return undefined;
  const quantity = (m[1] ?? 'time').trim().toLowerCase();
  // A call's time is its latency; another named quantity keeps its own name.
  const label = quantity === 'time' || quantity === 'duration' ? 'Latency' : quantity;
  return { label, unit: m[2] };
}

/** `20.2000 (1.0)` → `20.2000`: the value without its ratio to the best row. */
export function withoutRatio(cell: string): string {
  return cell.replace(/^\s*([-+]?[\d.,]+(?:e[-+]?\d+)?)\s*\(\s*\d+(?:\.\d+)?\s*\)\s*$/i, '$1');
}
