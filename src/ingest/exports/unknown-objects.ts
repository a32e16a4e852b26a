/**
 * Unrecognised objects of a JSON export, said once per shape: a per-request details file
 * (`*_details.jsonl`, thousands of lines of one shape) would otherwise give a warning per
 * line. The first object of each key set gets the warning; the others are counted in one
 * info line that names the lines they span.
 */
import type { Diagnostic } from '../../model/diagnostics';

interface Shape {
  first: number;
  last: number;
  more: number;
}

export class UnknownObjects {
  private readonly shapes = new Map<string, Shape>();

  constructor(
    private readonly file: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** One unrecognised object at `line`; `message` is said only for the first of its shape. */
  add(obj: Record<string, unknown>, line: number, message: string): void {
    const shape = Object.keys(obj).sort().join('\u0000');
    const seen = this.shapes.get(shape);
    if (seen) {
      seen.more++;
      seen.last = line;
      return;
    }
    this.shapes.set(shape, { first: line, last: line, more: 0 });
    this.diagnostics.push({ severity: 'warning', code: 'unknown-format', message, file: this.file, line });
  }

  /** The count of each shape's other objects. */
  finish(): void {
    for (const s of this.shapes.values()) {
      if (s.more === 0) continue;
      const objects = s.more === 1 ? '1 more object' : `${s.more} more objects`;
      this.diagnostics.push({
        severity: 'info',
        code: 'unknown-format',
        message: `${objects} with the keys of line ${s.first} (to line ${s.last}): not recognised either`,
        file: this.file,
        line: s.first,
      });
    }
  }
}
