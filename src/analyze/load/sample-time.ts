/**
 * Sample times as seconds, without the clock or the machine's time zone: a time-series chart
 * and the load analysis put every sample on one axis of elapsed seconds.
 */

/**
 * Seconds of a sample time. Numbers are seconds already. Strings: ISO date-time (a zone when
 * printed, else read as UTC so the result does not depend on the machine's zone), `MM-DD hh:mm:ss`
 * or `MM-DDThh:mm:ss` (vLLM log lines, no year) or `hh:mm:ss`. Anything else is undefined.
 */
export function sampleSeconds(t: string | number | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (typeof t === 'number') return Number.isFinite(t) ? t : undefined;
  const s = t.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (m) {
    const [, y, mo, d, h, mi, se, zone] = m;
    let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), 0) + Number(se) * 1000;
    if (zone && zone !== 'Z') {
      const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
      if (z) ms -= (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60000;
    }
    return ms / 1000;
  }
  m = /^(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(s);
  if (m) return Date.UTC(2000, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]), 0) / 1000 + Number(m[5]);
  m = /^(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(s);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return undefined;
}
