/**
 * Keys from logs are untrusted: a metric or cell label such as `__proto__` must never
 * reach a plain object through ordinary assignment (which would change its prototype).
 */

/** Sets an own, enumerable property even for `__proto__`, `constructor` and friends. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Only these names can reach a prototype (the `__proto__` setter) or shadow what code
  // expects of an object; every other key is an ordinary data property, and plain assignment
  // is much cheaper than defineProperty (which also pushes V8 objects into dictionary mode).
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  target[key] = value;
}

/** Own-property lookup that ignores the prototype chain. */
export function getOwn<T>(target: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

/**
 * Slug of a free-text label for use as a metric key: lower-case `[a-z0-9_]`, no leading or
 * trailing underscores (so `__proto__` becomes `proto`). Empty labels become `unnamed`.
 */
export function slugify(label: string): string {
  const slug = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/%/g, ' pct ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug === '' ? 'unnamed' : slug;
}
