import { detach } from '../model/detach';
import { TextCache } from '../model/text-cache';

/** Distinct long strings kept for sharing; all are dropped when full (bounded however many runs). */
const MAX_POOLED = 8192;

/**
 * Makes records that are kept (collected for a report, not handed to `onRecord`) small.
 *
 * A record fresh from a reader holds its strings as views of the chunk of the file they were
 * cut from (a cell, a heading, a launch command), so every kept record keeps its chunk alive:
 * collected, a log's records held about twice the log's size in chunk text. Its `raw` object,
 * filled key by key from table rows, is also in V8's slow dictionary form past about sixteen
 * keys. A compacted record is a deep copy whose long strings are copies (equal ones shared)
 * and whose objects are built whole, in the fast form: on generated logs 2.6 KB a record
 * instead of 7.5 KB.
 *
 * The copy is equal to the record (same keys in the same order, `__proto__` and friends
 * included as own keys, same values).
 */
export class RecordCompactor {
  /** Long string → its detached copy, handed to every record that has an equal one. */
  private readonly pool = new TextCache<string>(MAX_POOLED);

  compact<T extends object>(record: T): T {
    return this.object(record as Record<string, unknown>) as T;
  }

  private string(s: string): string {
    // V8 copies strings shorter than 13 units instead of making views (see detach.ts).
    return s.length < 13 ? s : this.pool.get(s, detach);
  }

  private object(o: Record<string, unknown>): Record<string, unknown> {
    // Spread defines own data properties (a `__proto__` key stays an own key, never the
    // prototype) and builds the object in one go; assigning to a key it already has owns
    // then only changes that property's value.
    const out: Record<string, unknown> = { ...o };
    for (const k in out) {
      const v = out[k];
      if (typeof v === 'string') out[k] = this.string(v);
      else if (typeof v === 'object' && v !== null) out[k] = this.value(v);
    }
    return out;
  }

  private value(v: object): unknown {
    if (!Array.isArray(v)) return this.object(v as Record<string, unknown>);
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      out[i] = typeof x === 'string' ? this.string(x) : typeof x === 'object' && x !== null ? this.value(x) : x;
    }
    return out;
  }
}
