// DeriveSchema.gen<T>() ahead of time: TypeScript types → JSON Schema, and the one expansion function.
export { createDeriveProject, type DeriveProject, type DeriveProjectOptions } from './DeriveProject.ts';
export { deriveSchema, type Derivation, type DerivedSchema } from './deriveSchema.ts';
export { expandDeriveSchema, type ComponentPlace, type DerivedCall, type Expansion } from './expand.ts';
