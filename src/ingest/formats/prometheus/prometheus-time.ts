/**
 * When a Prometheus scrape was taken: a separator line's time (a timestamp alone or in a comment,
 * `watch`'s header), a scrape interval printed near the block, and seconds of a time value.
 */
import { ctimeToIso } from '../../blocks/common';

/** `# HELP name …` / `# TYPE name kind`: exposition, not a separator. */
export const HELP_TYPE = /^\s*#\s*(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s+(.*?))?\s*$/;
const ISO_TIME = /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/;

/** A separator line between scrapes: a timestamp (alone, or in a comment). Returns its time. */
export function separatorTime(line: string): string | undefined {
  const ctime = ctimeToIso(line.replace(/^\s*#\s*/, ''));
  if (ctime) return ctime;
  // `watch -n 5 curl …/metrics`: `Every 5.0s: curl -s localhost:8000/metrics   host: Tue Jan 14 10:00:05 2025`
  const watch = /^\s*Every\s+[\d.]+s:.*?\s((?:mon|tue|wed|thu|fri|sat|sun)\s+\w{3}\s+\d{1,2}\s+[\d:]{8}\s+\d{4})\s*$/i.exec(line);
  if (watch?.[1]) return ctimeToIso(watch[1]);
  if (HELP_TYPE.test(line)) return undefined;
  const t = line.trim();
  const comment = /^#/.test(t);
  const m = ISO_TIME.exec(t);
  if (m && (comment || t.length <= m[0].length + 12)) {
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${m[8] ?? ''}`;
  }
  const epoch = /^#\s*(?:[a-z ]*[:=]?\s*)?(\d{10}(?:\.\d+)?|\d{13})\s*$/i.exec(t);
  if (epoch?.[1]) {
    const n = Number(epoch[1]);
    return new Date(epoch[1].length === 13 ? n : n * 1000).toISOString();
  }
  return undefined;
}

/** Seconds of a time value, for rates; undefined when the time is not known. */
export function seconds(t: string | number | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (typeof t === 'number') return t;
  const m = ISO_TIME.exec(t);
  if (!m) return undefined;
  let ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) + Number(m[7] ?? 0) * 1000;
  const zone = m[8];
  if (zone && zone !== 'Z') {
    const z = /([+-])(\d{2}):?(\d{2})/.exec(zone);
    if (z) ms -= (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60000;
  }
  return ms / 1000;
}

/** `# scrape_interval: 15s`, `# interval=500ms`, or `watch`'s `Every 5.0s: curl …` header: seconds between scrapes. */
export function scrapeInterval(line: string): number | undefined {
  const m =
    /^\s*(?:#\s*(?:scrape[_ ])?interval|scrape[_ ]interval)\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds)?\s*$/i.exec(line) ??
    /^\s*Every\s+(\d+(?:\.\d+)?)(s):/.exec(line);
  if (!m?.[1]) return undefined;
  const n = Number(m[1]);
  return n > 0 ? (m[2]?.toLowerCase() === 'ms' ? n / 1000 : n) : undefined;
}
