/**
 * The kernel of a `benchbook notebook run`. jupyter_client starts it as the leader of a new
 * session (its own process group), so a signal that reaches benchbook and its Python driver
 * does not reach the kernel, and a driver that dies of it leaves the kernel running. The driver
 * prints the group's id as soon as the kernel is started (run-notebook.ts); benchbook ends that
 * group on a signal, and kills whatever is left of it once the driver has ended, also after a
 * failing cell. What a cell started (a Chromium, a child process) is in the same group.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const GROUP_LINE = /^BENCHBOOK_KERNEL_GROUP (\d+)$/;

/** How long a kernel that was shut down or sent SIGTERM has to exit before SIGKILL. */
const GRACE_MS = 1000;

export class KernelGroup {
  private group: number | undefined;

  /** Takes the driver's line that names the kernel's process group; false for any other line. */
  read(line: string): boolean {
    const m = GROUP_LINE.exec(line.trim());
    const id = Number(m?.[1]);
    // Never this process's own group: the kernel leads a new session (jupyter_client's launcher).
    if (!m || !Number.isInteger(id) || id <= 1 || id === process.pid) return false;
    this.group = id;
    return true;
  }

  /** Sends `signal` to every process of the kernel's group; nothing when it is gone. */
  end(signal: NodeJS.Signals): void {
    if (this.group === undefined) return;
    try {
      process.kill(-this.group, signal);
    } catch {
      // ESRCH: the group is gone already
    }
  }

  /** Whether a process of the group is still there (a zombie not yet reaped counts). */
  alive(): boolean {
    if (this.group === undefined) return false;
    try {
      process.kill(-this.group, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }

  /** Waits a moment for the group to end on its own, then kills what is left. */
  async ended(): Promise<void> {
    const until = Date.now() + GRACE_MS;
    while (this.alive() && Date.now() < until) await sleep(50);
    if (this.alive()) this.end('SIGKILL');
  }
}
