import type { Command } from 'commander';
import type { Io } from '../io.js';
import { runPolicyCheck } from './policy-check.js';
import { runPolicyTest } from './policy-test.js';

export function registerPolicy(program: Command, io: Io): void {
  const policy = program.command('policy').description('check and test policy files');
  policy
    .command('check')
    .description('compile policy files and print every problem as file:line:col')
    .argument('<files...>', 'policy files (YAML)')
    .action((files: string[]) => {
      process.exitCode = runPolicyCheck(files, io);
    });
  policy
    .command('test')
    .description('run the policy test cases in a directory (or one case file)')
    .argument('<dir>', 'directory of case files (YAML)')
    .option('-v, --verbose', 'show the decision and matched rules of passing cases too')
    .action((dir: string, o: { verbose?: boolean }) => {
      process.exitCode = runPolicyTest(dir, io, o).exitCode;
    });
}
