// Loaded for its effect by the package's main entry (index.ts): an unexpanded
// `DeriveSchema.gen<T>()` names its file, line and column, read from the stack and the caller's
// source through node:fs. The client entry never loads this module.
import { callSite } from './callSite.ts';
import { provideCallSite } from './DeriveSchema.ts';

provideCallSite(callSite);
