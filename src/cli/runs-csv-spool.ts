/**
 * `benchbook parse --format csv` without holding every run in memory. The CSV's metric columns
 * are the union of all runs' metrics, known only once the last run is read; so each run's cells
 * wait in a temporary file (one JSON line per run) while the inputs are read, and the CSV is
 * written from that file afterwards. The text is what runsToCsv gives for the same runs; memory
 * stays bounded by one batch of rows (a 1 GB log as CSV ran out of heap when runs were kept).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { RunRecord } from '../model/records';
import {
  csvHeaderLine,
  csvRowLines,
  metricColumnsOf,
  type RunsCsvCell,
  runContextCells,
  runMetricCells,
  runsCsvHeader,
} from '../model/runs-csv';
import { drainedOrClosed } from './drained-or-closed';

/** Rows per write of the CSV. */
const BATCH_ROWS = 512;

type SpooledRun = [RunsCsvCell[], RunRecord['metrics']];

export class RunsCsvSpool {
  private readonly present = new Set<string>();
  private failure: Error | undefined;
  private runs = 0;

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly spool: fs.WriteStream,
  ) {
    spool.on('error', (err) => {
      this.failure ??= err;
    });
  }

  /** A spool in a fresh temporary folder (removed by `dispose`). */
  static create(tmpdir = os.tmpdir()): RunsCsvSpool {
    const dir = fs.mkdtempSync(path.join(tmpdir, 'benchbook-csv-'));
    const file = path.join(dir, 'runs.jsonl');
    return new RunsCsvSpool(dir, file, fs.createWriteStream(file));
  }

  /** Notes the run's metric keys and writes its cells to the temporary file. */
  add(run: RunRecord): void {
    if (this.failure) return;
    for (const k of Object.keys(run.metrics)) this.present.add(k);
    const spooled: SpooledRun = [runContextCells(run), run.metrics];
    this.spool.write(`${JSON.stringify(spooled)}\n`);
    this.runs++;
  }

  /** While the temporary file has not taken what was written: a promise to wait on (reading pauses). */
  whenReady(): Promise<void> | undefined {
    return this.spool.writableNeedDrain && !this.failure ? drainedOrClosed(this.spool) : undefined;
  }

  /**
   * Writes the CSV to `out`, waiting for it to drain. Stops early when `stopped()` says the
   * reader went away. Throws when the temporary file could not be written or read.
   */
  async writeCsv(out: NodeJS.WritableStream, stopped: () => boolean = () => false): Promise<void> {
    await new Promise<void>((resolve) => this.spool.end(resolve));
    if (this.failure) throw new Error(`cannot write the temporary file for the CSV (${this.file}): ${this.failure.message}`);
    const metrics = metricColumnsOf(this.present);
    const write = async (text: string): Promise<void> => {
      if (text !== '' && !stopped() && !out.write(text) && !stopped()) await drainedOrClosed(out);
    };
    await write(csvHeaderLine(runsCsvHeader(metrics)));
    const lines = readline.createInterface({ input: fs.createReadStream(this.file), crlfDelay: Infinity });
    let batch: RunsCsvCell[][] = [];
    let read = 0;
    for await (const line of lines) {
      if (stopped()) break;
      const [context, runMetrics] = JSON.parse(line) as SpooledRun;
      batch.push([...context, ...runMetricCells(runMetrics, metrics)]);
      read++;
      if (batch.length >= BATCH_ROWS) {
        await write(csvRowLines(batch));
        batch = [];
      }
    }
    await write(csvRowLines(batch));
    if (!stopped() && read !== this.runs) throw new Error(`the temporary file for the CSV holds ${read} of ${this.runs} runs`);
  }

  /** Removes the temporary folder. */
  dispose(): void {
    this.spool.destroy();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
