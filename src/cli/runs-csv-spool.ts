/**
 * `benchbook parse --format csv` without holding every run in memory. The CSV's metric columns
 * are the union of all runs' metrics, known only once the last run is read; so each run's cells
 * wait in a temporary file (one JSON line per run) while the inputs are read, and the CSV is
 * written from that file afterwards. The text is what runsToCsv gives for the same runs; memory
 * stays bounded by one batch of rows (a 1 GB log as CSV ran out of heap when runs were kept).
 * `parse --format parquet` spools its runs the same way (`rows`).
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
import { removeStale, staleEntryPattern } from '../model/stale-leftovers';
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
    private readonly lead: (run: RunRecord) => RunsCsvCell[],
    /** What the spool is for, in error messages. */
    private readonly output: string,
  ) {
    spool.on('error', (err) => {
      this.failure ??= err;
    });
  }

  /**
   * A spool in a fresh temporary folder (removed by `dispose`). `lead`: a run's cells before its
   * metrics (runs.csv's context columns; the Parquet writer adds raw and provenance); `output`:
   * what it is for, in error messages.
   */
  static create(tmpdir = os.tmpdir(), lead: (run: RunRecord) => RunsCsvCell[] = runContextCells, output = 'the CSV'): RunsCsvSpool {
    // The pid in the name lets the next run remove what a killed one left (stale-leftovers.ts).
    removeStale(tmpdir, staleEntryPattern('benchbook-csv-', '-[A-Za-z0-9]{6}'));
    const dir = fs.mkdtempSync(path.join(tmpdir, `benchbook-csv-${process.pid}-`));
    const file = path.join(dir, 'runs.jsonl');
    return new RunsCsvSpool(dir, file, fs.createWriteStream(file), lead, output);
  }

  /** Notes the run's metric keys and writes its cells to the temporary file. */
  add(run: RunRecord): void {
    if (this.failure) return;
    for (const k of Object.keys(run.metrics)) this.present.add(k);
    const spooled: SpooledRun = [this.lead(run), run.metrics];
    this.spool.write(`${JSON.stringify(spooled)}\n`);
    this.runs++;
  }

  /** While the temporary file has not taken what was written: a promise to wait on (reading pauses). */
  whenReady(): Promise<void> | undefined {
    return this.spool.writableNeedDrain && !this.failure ? drainedOrClosed(this.spool) : undefined;
  }

  /** The metric columns of the runs added (vocabulary order, then unknown keys sorted). */
  metricColumns(): string[] {
    return metricColumnsOf(this.present);
  }

  /**
   * The runs added, as rows (the lead cells, then the cells of `metrics`), `batchRows` at a
   * time. Stops early when `stopped()` says so. Throws when the temporary file could not be
   * written or read.
   */
  async *rows(metrics: readonly string[], stopped: () => boolean = () => false, batchRows = BATCH_ROWS): AsyncGenerator<RunsCsvCell[][]> {
    await new Promise<void>((resolve) => this.spool.end(resolve));
    if (this.failure) throw new Error(`cannot write the temporary file for ${this.output} (${this.file}): ${this.failure.message}`);
    const lines = readline.createInterface({ input: fs.createReadStream(this.file), crlfDelay: Infinity });
    let batch: RunsCsvCell[][] = [];
    let read = 0;
    for await (const line of lines) {
      if (stopped()) break;
      const [lead, runMetrics] = JSON.parse(line) as SpooledRun;
      batch.push([...lead, ...runMetricCells(runMetrics, metrics)]);
      read++;
      if (batch.length >= batchRows) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0 && !stopped()) yield batch;
    if (!stopped() && read !== this.runs) throw new Error(`the temporary file for ${this.output} holds ${read} of ${this.runs} runs`);
  }

  /**
   * Writes the CSV to `out`, waiting for it to drain. Stops early when `stopped()` says the
   * reader went away. Throws when the temporary file could not be written or read.
   */
  async writeCsv(out: NodeJS.WritableStream, stopped: () => boolean = () => false): Promise<void> {
    const metrics = this.metricColumns();
    const write = async (text: string): Promise<void> => {
      if (text !== '' && !stopped() && !out.write(text) && !stopped()) await drainedOrClosed(out);
    };
    await write(csvHeaderLine(runsCsvHeader(metrics)));
    for await (const batch of this.rows(metrics, stopped)) await write(csvRowLines(batch));
  }

  /** Removes the temporary folder. */
  dispose(): void {
    this.spool.destroy();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
