/**
 * A cell's last expression, as pandas + Jupyter users expect: tslab prints it with
 * `console.log` (a danfojs frame as a box-drawn text dump, a chart as a JSON blob). The kernel
 * launcher hands tslab this console instead: a frame, an array of rows or runs, a chart spec or
 * figure (or a list of charts) is shown as `show` shows it (HTML table; interactive chart with an SVG fallback),
 * anything else is printed as tslab prints it. Charts render asynchronously; `settled` lets the
 * launcher hold the cell open until they are written, so they land in the right cell.
 */
import { isChartFigure, isDataFrameLike, isRowArray, isVegaLiteSpec, show } from '../show';

export interface ResultConsole {
  log(message?: unknown, ...rest: unknown[]): void;
  error(message?: unknown, ...rest: unknown[]): void;
  /** Resolves when every rich result logged so far has been displayed. */
  settled(): Promise<void>;
}

/** True for what `show` displays better than `console.log`. */
export function isRichResult(x: unknown): boolean {
  if (isChartFigure(x) || isVegaLiteSpec(x) || isDataFrameLike(x) || isRowArray(x)) return true;
  return Array.isArray(x) && x.length > 0 && x.every((c) => isChartFigure(c) || isVegaLiteSpec(c));
}

export function resultConsole(out: Pick<Console, 'log' | 'error'> = console): ResultConsole {
  let pending: Promise<void> = Promise.resolve();
  return {
    log(message?: unknown, ...rest: unknown[]): void {
      if (rest.length > 0 || !isRichResult(message)) {
        out.log(message, ...rest);
        return;
      }
      pending = pending.then(
        () => show(message),
        () => show(message),
      );
      pending = pending.catch((e: unknown) => out.error(e));
    },
    error: (message?: unknown, ...rest: unknown[]) => out.error(message, ...rest),
    settled: () => pending,
  };
}
