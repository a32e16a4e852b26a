/** Counting what a reader counts on a chart's axes (issue 29: about 24 at most). */

/** Most distinct values on a discrete axis (the rows or bars a reader counts) in a spec. */
export function axisMarks(spec: unknown): number {
  let most = 0;
  const walk = (s: Record<string, unknown>, data: unknown[] | undefined): void => {
    const d = ((s.data as { values?: unknown[] } | undefined)?.values ?? data) as Array<Record<string, unknown>> | undefined;
    const enc = (s.encoding ?? {}) as Record<string, { type?: string; field?: string }>;
    for (const ch of ['x', 'y']) {
      const e = enc[ch];
      if (d && e?.field && (e.type === 'nominal' || e.type === 'ordinal'))
        most = Math.max(most, new Set(d.map((r) => r[e.field as string])).size);
    }
    for (const k of ['layer', 'hconcat', 'vconcat']) for (const c of (s[k] as Array<Record<string, unknown>> | undefined) ?? []) walk(c, d);
    // A faceted chart's panel spec: each panel shares the y scale, so the data of all panels counts.
    if (s.spec) walk(s.spec as Record<string, unknown>, d);
  };
  walk(spec as Record<string, unknown>, undefined);
  return most;
}
