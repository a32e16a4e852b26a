/**
 * A progress bar on stderr when it is a TTY (cli-progress), nothing otherwise, so piped
 * output and CI logs stay clean. One bar for all the inputs: megabytes read of the total
 * and, for a folder, files read of the files (with workers, files finish in any order).
 */
export interface Progress {
  update(done: number, total: number, files?: number, fileCount?: number): void;
  stop(): void;
}

export function createProgress(label: string): Progress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  // required on first use: only a terminal shows a bar
  const cliProgress = require('cli-progress') as typeof import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% | {value}/{total} MB{files}`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, files, fileCount) {
      const mb = (n: number) => Math.round((n / 1e6) * 10) / 10;
      const payload = { files: fileCount !== undefined && fileCount > 1 ? ` | ${files ?? 0}/${fileCount} files` : '' };
      if (!started) {
        bar.start(mb(total), 0, payload);
        started = true;
      }
      bar.setTotal(mb(total));
      bar.update(mb(done), payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
