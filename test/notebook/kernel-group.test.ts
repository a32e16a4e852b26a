/** The kernel's process group as `notebook run` ends it (src/notebook/kernel-group.ts). */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';
import { KernelGroup } from '../../src/notebook/kernel-group';

test('KernelGroup takes only the driver’s group line, never this process’s own group', () => {
  const group = new KernelGroup();
  assert.equal(group.read('BENCHBOOK_RESULT {}'), false);
  assert.equal(group.read('BENCHBOOK_KERNEL_GROUP 1'), false);
  assert.equal(group.read(`BENCHBOOK_KERNEL_GROUP ${process.pid}`), false);
  assert.equal(group.alive(), false, 'no group yet');
  group.end('SIGTERM'); // nothing to end: no throw
});

/** The processes of group `pgid` that still run (zombies, dead but not yet reaped, do not count). */
function running(pgid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      // stat: pid (comm) state ppid pgrp …; comm may hold spaces, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

test('KernelGroup ends every process of the group, the leader’s children too', async () => {
  // A group leader (detached: a new session, as jupyter_client starts a kernel) with a child.
  const leader = spawn('sh', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => leader.on('exit', () => resolve()));
  const group = new KernelGroup();
  assert.equal(group.read(`BENCHBOOK_KERNEL_GROUP ${leader.pid}`), true);
  assert.equal(group.alive(), true);
  for (const until = Date.now() + 5000; running(leader.pid!).length < 2 && Date.now() < until; )
    await new Promise((r) => setTimeout(r, 50));
  assert.equal(running(leader.pid!).length, 2, 'sh and its sleep');
  group.end('SIGTERM');
  await exited;
  await group.ended();
  assert.deepEqual(running(leader.pid!), [], 'the sleep child is gone with its leader');
});
