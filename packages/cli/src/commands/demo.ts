import type { Command } from 'commander';
import { ANSI, PLAIN, wantsColour } from '../demo/colour.js';
import { runLabelDemo } from '../demo/label-demo.js';
import { runGatewayDemo } from '../gateway-demo/run-gateway-demo.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      "run the gateway in front of the example servers through SEP-1913's scenarios, printing each decision",
    )
    .option('--offline', 'instead, walk the label model and the engine in-process (no servers)')
    .option('--keep', 'keep the scratch directory (config, SQLite store, outbox)')
    .action(async (opts: { offline?: boolean; keep?: boolean }) => {
      const style = wantsColour(process.stdout, process.env) ? ANSI : PLAIN;
      const print = (line: string): void => void process.stdout.write(`${line}\n`);
      if (opts.offline === true) {
        runLabelDemo(print, style);
        return;
      }
      process.exitCode = await runGatewayDemo(print, style, { keep: opts.keep === true });
    });
}
