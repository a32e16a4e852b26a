import fs from 'node:fs';
import path from 'node:path';
import { type BlockScan, scanBlocks } from '../../src/ingest/blocks/index';
import { otherToolsDir } from '../helpers/golden';

/** Lines of an other-tools sample, or undefined (with a message) when the folder is absent. */
export function otherToolLines(name: string): string[] | undefined {
  const dir = otherToolsDir();
  if (!dir) return undefined;
  return fs.readFileSync(path.join(dir, name), 'utf8').split(/\r?\n/);
}

export const SKIP_MESSAGE = 'shared/samples/other-tools is absent: third-party samples are not in this checkout';

/** Scan of a whole file as the golden stores it (file named by its base name only). */
export function scanFile(name: string, lines: readonly string[]): BlockScan[] {
  return scanBlocks(lines, name);
}

export function fixtureLines(name: string): string[] {
  return fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'blocks', name), 'utf8').split(/\r?\n/);
}
