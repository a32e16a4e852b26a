/**
 * Settles when `out` drains or closes, and then takes both its listeners off again (waiting
 * once per chunk of a large log, listeners left behind would pile up on the stream). A stream
 * that fails closes after its 'error', so a failed write does not leave the wait hanging.
 */
export function drainedOrClosed(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
