import type { Mode } from '@mcp-trust/policy';
import { MODES } from '@mcp-trust/policy';
import { InvalidArgumentError } from 'commander';

export function parseMode(value: string): Mode {
  if ((MODES as readonly string[]).includes(value)) return value as Mode;
  throw new InvalidArgumentError(`must be one of ${MODES.join(', ')}`);
}
