/** Code-first input: `DeriveSchema.gen<T>()` expanded ahead of time (type → JSON Schema). */
export {
  createDeriveProject,
  DeriveProject,
  defaultCompilerOptions,
  type DeriveProjectOptions,
} from './DeriveProject.ts';
export { expandDeriveSchema, type DerivedCall, type Expansion, type SourceMap } from './expand.ts';
export {
  deriveSchema,
  deriveCompilerType,
  type DerivedSchema,
  type DerivedComponent,
  type DeriveOptions,
  type Json,
} from './deriveSchema.ts';
export type { DeriveDiagnostic } from './errors.ts';
