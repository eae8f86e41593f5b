import type { Command } from 'commander';
import { ANSI, PLAIN, wantsColour } from '../demo/colour.js';
import { runLabelDemo } from '../demo/label-demo.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description("walk the label model through SEP-1913's e-mail and salary-spreadsheet examples")
    .action(() => {
      const style = wantsColour(process.stdout, process.env) ? ANSI : PLAIN;
      runLabelDemo((line) => process.stdout.write(`${line}\n`), style);
    });
}
