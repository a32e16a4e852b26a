/**
 * Dates a run can be given when its own block prints none: the latest full date-time the log
 * printed before it (`2025-03-14 10:22:01` in a log line, `[2025-03-14 10:22:01]` SGLang's
 * prefix, `Fri Mar 14 10:22:01 2025` from `date`, `Date: 2025-03-14`), else a date in the file's
 * name (`2025-03-14`, `20250314`, `nightly-2025-03-14`, `2025_03_14`). Local time as printed: no
 * zone is invented, and a date-only value stays a date.
 */
import { ctimeToIso } from '../blocks/common';

const DATE_TIME = /(?<!\d)(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?!\d)/;
/** A line that is a date (`Date: 2025-03-14`, `2025-03-14`), not a date mentioned in prose. */
const DATE_LINE = /^\s*(?:[-*]\s+)?(?:date|run date|test date|day)?\s*:?\s*(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\s*$/i;
/** A date in a path part (`2025-03-14`, `20250314`, `2025_03_14`, `20250314-0132`). */
export const FILE_DATE = /(?<!\d)(20\d{2})([-_]?)(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?!\d)/;

/** The date-time (or date) a scope line prints, ISO local (`2025-03-14T10:22:01`); undefined when none. */
export function timestampOfLine(line: string): string | undefined {
  if (line.length > 2000 || line.indexOf('20') < 0) return ctimeLine(line);
  const m = DATE_TIME.exec(line);
  if (m) return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}${m[6] ? `:${m[6]}` : ''}`;
  const d = DATE_LINE.exec(line);
  if (d) return `${d[1]}-${d[2]}-${d[3]}`;
  return ctimeLine(line);
}

function ctimeLine(line: string): string | undefined {
  // `date` prints `Fri Mar 14 10:22:01 2025` (with a zone name in some locales, not read).
  if (!/^\s*[A-Z][a-z]{2} [A-Z][a-z]{2} /.test(line)) return undefined;
  return ctimeToIso(line.replace(/(\d{2}:\d{2}:\d{2})\s+[A-Z]{2,5}\s+(\d{4})\s*$/, '$1 $2'));
}

/** The date in a file's name (its last path part): `{value: '2025-03-14', text: '20250314'}`. */
export function dateOfFileName(file: string): { value: string; text: string } | undefined {
  const name = file.split(/[\\/]/).pop() ?? file;
  const m = FILE_DATE.exec(name);
  if (!m) return undefined;
  return { value: `${m[1]}-${m[3]}-${m[4]}`, text: m[0] };
}
