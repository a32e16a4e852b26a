/**
 * `benchbook` command line (docs/architecture.md "CLI contract").
 *
 * Exit codes: 0 ok or only warnings/info, 1 any error (output still written for the rest),
 * 2 usage. Each command's module is loaded when it runs, and loads its stages lazily, so that
 * `parse` never loads danfojs, vega or puppeteer, nor the other commands (start-up).
 */
import { Command, CommanderError, Option } from 'commander';
import { BenchbookError, exitStatus } from '../model/diagnostics';
import { parseJobs } from './inputs';
import { collect } from './options';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

function packageVersion(): string {
  // dist/cli/main.js → ../../package.json; read at run time so the version has one source.
  return (require('../../package.json') as { version: string }).version;
}

/** `--jobs N` of the commands that read inputs (parse, report, compare). */
function jobsOption(): Option {
  return new Option(
    '--jobs <n>',
    'files parsed at once, in worker threads (default: up to the number of cores, when the input is large enough to pay for starting them; 1: all in this thread)',
  ).argParser(parseJobs);
}

type SetExit = (code: number) => void;

function buildProgram(setExit: SetExit): Command {
  const program = new Command();
  program
    .name('benchbook')
    .description('Turn LLM-serving benchmark logs (vLLM, SGLang, …) into tidy data, comparisons, charts and reports.')
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError()
    .exitOverride();
  addParseCommand(program, setExit);
  addReportCommand(program, setExit);
  addCompareCommand(program, setExit);
  addCapacityCommand(program, setExit);
  addHistoryCommand(program, setExit);
  addNotebookCommands(program, setExit);
  return program;
}

/** The options of every command that reads logs, after its own: what a log lacks, and strictness. */
function withContext(cmd: Command): Command {
  return cmd
    .option('--set <key=value>', 'supply what a log lacks (engine, gpus, gpu, model, tp, dp, pp, api, mode, …); repeatable', collect, [])
    .option('--context <file>', 'JSON/YAML file mapping files or sections to engine, GPUs, model')
    .option('--strict', 'turn warnings into errors');
}

/** `--format table|json|csv` of capacity and history. */
function tableFormatOption(): Option {
  return new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table');
}

function addParseCommand(program: Command, setExit: SetExit): void {
  withContext(
    program
      .command('parse')
      .description(
        'read logs, reports and CSVs into records (JSON lines or CSV on stdout or --out FILE, Parquet into --out FILE; diagnostics on stderr)',
      )
      .argument(
        '<paths...>',
        'files or directories; - is standard input, read to its end before any output unless --format-hint console-log (then runs go out as their blocks end: tail -f log | benchbook parse - --format-hint console-log)',
      )
      .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'csv', 'parquet', 'llm-d']).default('jsonl'))
      .option(
        '--out <file>',
        'write to FILE, put in place only when complete (required for parquet); with llm-d a folder, one report a run',
      )
      .option('--include <kinds>', 'also emit these record kinds: env,samples')
      .option('--format-hint <format>', 'parse every file as this format')
      .addOption(jobsOption())
      .addOption(
        new Option('--diagnostics <format>', 'diagnostics on stderr: text (file:line: severity [code] message) or json (one object a line)')
          .choices(['text', 'json'])
          .default('text'),
      ),
  ).action(async (paths: string[], opts) => setExit(await (await import('./parse-command')).runParse(paths, opts)));
}

function addReportCommand(program: Command, setExit: SetExit): void {
  withContext(
    program
      .command('report')
      .description('write report.md, report.html, charts/*.svg, runs.csv, summary.json (and report.pdf with --pdf)')
      .argument('<paths...>', 'files or directories')
      .requiredOption('--out <dir>', 'output folder')
      .option('--title <title>', 'report title')
      .option('--template <file>', 'a Handlebars template file, or a folder with report.md.hbs and partials/')
      .option('--config <file>', 'report config (YAML/JSON): sections, where, comparisons, charts')
      .option('--pdf', 'also write report.pdf (Chromium)')
      .option('--png', 'also write charts/*.png (Chromium)')
      .addOption(jobsOption())
      .option('--slo <expr>', 'a target, METRIC<=VALUE (e.g. latency_p99_s<=3): adds a Capacity section; repeatable', collect, []),
  ).action(async (paths: string[], opts) => setExit(await (await import('./report-command')).runReport(paths, opts)));
}

function addCompareCommand(program: Command, setExit: SetExit): void {
  withContext(
    program
      .command('compare')
      .description('compare configurations along one factor and print a table')
      .argument('<paths...>', 'files or directories')
      .requiredOption('--by <factor>', 'gpus | strategy | engine | mode | api | context_length | tp | dp | pp | any group key')
      .option('--metric <metric>', 'only this metric (e.g. throughput_rps)')
      .option('--where <key=value>', 'keep runs whose group key equals value; repeatable', collect, [])
      .addOption(jobsOption()),
  ).action(async (paths: string[], opts) => setExit(await (await import('./compare-command')).runCompare(paths, opts)));
}

function addCapacityCommand(program: Command, setExit: SetExit): void {
  withContext(
    program
      .command('capacity')
      .description('the largest load (concurrency or request rate) each configuration serves within latency targets')
      .argument('<paths...>', 'files or directories')
      .option('--slo <expr>', 'a target, METRIC<=VALUE (e.g. latency_p99_s<=3, ttft_p99_ms<=500); repeatable', collect, [])
      .option('--by <fields>', 'fields that tell configurations apart (default: every group key but the load level)')
      .addOption(tableFormatOption()),
  ).action(async (paths: string[], opts) => setExit(await (await import('./capacity-command')).runCapacity(paths, opts)));
}

function addHistoryCommand(program: Command, setExit: SetExit): void {
  withContext(
    program
      .command('history')
      .description('the same configuration across dates and engine versions, with changes beyond the noise flagged')
      .argument('<paths...>', 'files or directories')
      .option('--by <fields>', 'fields that tell configurations apart (default: every group key)')
      .option('--metric <metric>', 'follow only these metrics; repeatable', collect, [])
      .option(
        '--slo <expr>',
        "a target, METRIC<=VALUE: also follow each setup's capacity within it and goodput per version; repeatable",
        collect,
        [],
      )
      .addOption(tableFormatOption()),
  ).action(async (paths: string[], opts) => setExit(await (await import('./history-command')).runHistory(paths, opts)));
}

function addNotebookCommands(program: Command, setExit: SetExit): void {
  const notebook = program.command('notebook').description('notebook tools');
  notebook
    .command('run')
    .description('execute a notebook headless with the tslab kernel, injecting parameters')
    .argument('<notebook>', '.ipynb file')
    .option('-p, --param <name=value>', 'parameter override; repeatable', collect, [])
    .option('--out <file>', 'where to write the executed notebook')
    .option('--type-check', 'type-check each cell (a type error stops it); without it cells are only transpiled')
    .action(async (nb: string, opts) => setExit(await (await import('./notebook-command')).runNotebookCommand(nb, opts)));
  notebook
    .command('new')
    .description('write a starter notebook (parameters, parse → frame → comparison → chart); never overwrites')
    .argument('<file>', '.ipynb file to create')
    .option('--data <path>', 'the logs the notebook reads (its dataDir parameter); default the notebook folder')
    .action(async (file: string, opts) => setExit(await (await import('./notebook-command')).newNotebookCommand(file, opts)));
  notebook
    .command('serve')
    .description("start Jupyter Notebook on 127.0.0.1 with benchbook's TypeScript kernel and interactive charts (no network)")
    .argument('[dir]', 'folder to open (default: the current directory)')
    .option('--port <port>', 'port (default: 8888 or the next free one)')
    .option('--ip <address>', 'address to listen on', '127.0.0.1')
    .action(async (dir: string | undefined, opts) => setExit(await (await import('./notebook-command')).serveNotebookCommand(dir, opts)));
  notebook
    .command('install-kernel')
    .description("make the 'tslab' kernel of a Jupyter you start yourself run benchbook's kernel launcher (a user-level kernel spec)")
    .option('--data-dir <dir>', 'Jupyter data folder (default: $JUPYTER_DATA_DIR or ~/.local/share/jupyter)')
    .option('--force', 'replace a tslab spec benchbook did not write')
    .action(async (opts) => setExit(await (await import('./notebook-command')).installKernelCommand(opts)));
}

/** Runs the CLI and resolves to the exit code (never calls process.exit itself). */
export async function main(argv: string[]): Promise<number> {
  let code = EXIT_OK;
  const program = buildProgram((c) => {
    code = c;
  });
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0 through commander; everything else it raises is usage.
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') return EXIT_OK;
      return EXIT_USAGE;
    }
    // The one error type: every stage reports a failure it cannot read past this way, and
    // its code gives the exit status (usage 2, anything else 1).
    if (err instanceof BenchbookError) {
      process.stderr.write(`benchbook: ${err.diagnostic.message}\n`);
      return exitStatus(err.code);
    }
    throw err;
  }
}
