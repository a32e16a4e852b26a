import { detach } from './detach';

/**
 * Answers kept per text (a label, a heading, a border line): logs print the same few texts
 * over and over. At most `max` are kept (all are dropped when full, so a log of ever-new texts
 * cannot grow it), and keys are detached so that a kept text never keeps alive the chunk of
 * the file it was cut from.
 */
/** The kept answer `undefined` (so that a miss is one lookup, not a `get` and a `has`). */
const NONE: unique symbol = Symbol('none');

export class TextCache<V> {
  private readonly map = new Map<string, V | typeof NONE>();

  constructor(private readonly max: number) {}

  /** How many texts are kept now. */
  get size(): number {
    return this.map.size;
  }

  /** The answer kept for `text`, else `compute(text)`, kept from now on. */
  get(text: string, compute: (text: string) => V): V {
    const hit = this.map.get(text);
    if (hit !== undefined) return hit === NONE ? (undefined as V) : hit;
    const value = compute(text);
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(detach(text), value === undefined ? NONE : value);
    return value;
  }
}
