import type { Readable } from 'node:stream';

/**
 * A streamed reader's pause for a consumer that is not ready (ParseFileOptions.whenReady):
 * the file stops until the consumer's promise settles. A file can end while it is paused after
 * its last chunk, so what the reader does at the end waits for the consumer too.
 */
export class ConsumerWait {
  private held: Promise<void> | undefined;

  constructor(
    private readonly file: Readable,
    private readonly whenReady: (() => Promise<unknown> | undefined) | undefined,
  ) {}

  /**
   * Asks the consumer. When it is not ready the file pauses; once it is, `then` runs and the
   * file resumes. Returns whether it had to wait.
   */
  ask(then?: () => void): boolean {
    const wait = this.whenReady?.();
    if (!wait) return false;
    this.file.pause();
    const go = (): void => {
      this.held = undefined;
      then?.();
      this.file.resume();
    };
    this.held = wait.then(go, go);
    return true;
  }

  /** Runs `fn` once the consumer is no longer being waited for. */
  afterWait(fn: () => void): void {
    void (this.held ?? Promise.resolve()).then(fn);
  }
}
