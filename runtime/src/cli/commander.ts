import type { InvalidArgumentError } from 'commander';
import { lazyRequire } from '../util/lazyRequire.ts';

/** commander, loaded when the first CLI app is built or run: a server never loads it. */
export const commander = lazyRequire<typeof import('commander')>('commander');

/** commander's error for an option value it cannot parse; commander prints the message. */
export function invalidArgument(message: string): InvalidArgumentError {
  return new (commander().InvalidArgumentError)(message);
}
