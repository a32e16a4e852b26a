/**
 * The report of a seeded folder of `configurations` distinct configurations (default 200, two
 * runs each), made directly as RunRecords (bench/synthetic-runs.ts): the large folder whose
 * report issue 29 wants legible, no chart of more than ~24 marks on an axis. The runs go
 * through `writeReport`, what `benchbook report` runs after reading its inputs.
 * Usage: node --import tsx bench/generate-configurations.ts OUT [--configurations N] [--seed S] [--pdf]
 */
import path from 'node:path';
import type { RunRecord } from '../src/model/records';
import { writeReport } from '../src/report';
import { syntheticRuns } from './synthetic-runs';

export interface ConfigurationFolderOptions {
  configurations?: number;
  /** Runs per configuration (default 2: the spread over repeats is drawn). */
  repeats?: number;
  seed?: number;
}

/** The runs of the folder. Same options → same runs. */
export function configurationRuns(opts: ConfigurationFolderOptions = {}): RunRecord[] {
  const configurations = opts.configurations ?? 200;
  return syntheticRuns(configurations * (opts.repeats ?? 2), opts.seed ?? 29, { configurations });
}

if (process.argv[1] && path.basename(process.argv[1]) === 'generate-configurations.ts') {
  const args = process.argv.slice(2);
  const opt = (name: string): number | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : undefined;
  };
  const out = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--c') && !args[i - 1]?.startsWith('--s'));
  if (!out) {
    console.error('usage: generate-configurations.ts OUT [--configurations N] [--seed S] [--pdf]');
    process.exitCode = 2;
  } else {
    const runs = configurationRuns({ configurations: opt('--configurations'), seed: opt('--seed') });
    void writeReport({ runs, env: [], samples: [], diagnostics: [] }, { out, pdf: args.includes('--pdf') }).then(() =>
      console.log(`${runs.length} runs → ${out}`),
    );
  }
}
