/**
 * A progress bar on stderr when it is a TTY (cli-progress), nothing otherwise, so piped
 * output and CI logs stay clean.
 */
export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(label: string): Progress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const cliProgress = require('cli-progress') as typeof import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {percentage}% | {value}/{total} MB`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      const mb = (n: number) => Math.round((n / 1e6) * 10) / 10;
      if (!started) {
        bar.start(mb(total), 0);
        started = true;
      }
      bar.setTotal(mb(total));
      bar.update(mb(done));
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
