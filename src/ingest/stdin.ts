/**
 * Standard input as an input: the path `-` on the command line (as Unix tools take it), shown
 * as `<stdin>` in ids and diagnostics, where `-:12` would read as a typo.
 */
export const STDIN_PATH = '-';
export const STDIN_NAME = '<stdin>';

/** The name a path is shown by (ids, diagnostics): itself, or `<stdin>` for `-`. */
export function shownName(p: string): string {
  return p === STDIN_PATH ? STDIN_NAME : p;
}
