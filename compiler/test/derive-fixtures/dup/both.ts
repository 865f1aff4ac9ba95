import type { Item as First } from './one.ts';
import type { Item as Second } from './two.ts';
export interface Both {
  first: First;
  second: Second;
}
