/** Items grouped by a key, groups and items in order of first appearance (Map.groupBy, which Node 20 lacks). */
export function groupInOrder<T, K>(items: Iterable<T>, keyOf: (item: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}
