import { ts, type Node, type Program, type Type } from './tsMorph.ts';
import { aliasNotes } from './aliasNotes.ts';
import type { DeriveDiagnostic } from './errors.ts';
import { materialize, Ref, type Json } from './schemaIr.ts';
import { shapeOf } from './shapes.ts';
import { locationOf } from './errors.ts';
import type { TypeContext } from './typeNames.ts';
import { Walker } from './walker.ts';

export type { Json } from './schemaIr.ts';
export type { DeriveDiagnostic } from './errors.ts';

/** A named schema met while deriving: its component name and where its type is declared. */
export interface DerivedComponent {
  readonly name: string;
  /** `file:line:column` of the declaration. */
  readonly declaredAt: string;
  /** Declaration file and position: two components of one name must share it. */
  readonly declarationKey: string;
}

/** The result of deriving one type. */
export interface DerivedSchema {
  /** The JSON Schema (TypeBox-shaped, as the contract-first emitter writes it); `{}` parts where errors were. */
  readonly schema: Json;
  /** The component name of the root type when it is named (`Pet`, `PageOfUser`). */
  readonly name?: string;
  /** Every named schema in it. */
  readonly components: readonly DerivedComponent[];
  /** Files whose declarations were read (TypeScript's lib left out). */
  readonly consulted: readonly string[];
  readonly diagnostics: readonly DeriveDiagnostic[];
}

/** What a derivation is told besides the type. */
export interface DeriveOptions {
  /** The label paths start from: the export the type is derived for (`showPetById`). */
  readonly root: string;
  /** Objects without an index signature get `additionalProperties: false` (a type's `@additionalProperties true` opts out). */
  readonly closedObjects?: boolean;
}

/**
 * Derives the JSON Schema of a TypeScript type, the way `DeriveSchema.gen<T>()` is expanded:
 * `node` is where the type is used (problems with the root point at it).
 */
export function deriveSchema(type: Type, node: Node, options: DeriveOptions): DerivedSchema {
  const program: Program = node.getProject().getProgram();
  const ctx: TypeContext = { checker: program.getTypeChecker().compilerObject, program: program.compilerObject };
  return deriveCompilerType(ctx, type.compilerType, node.compilerNode, options);
}

/** {@link deriveSchema} over TypeScript's own objects (the checker and program of one build). */
export function deriveCompilerType(
  ctx: TypeContext,
  type: ts.Type,
  node: ts.Node,
  options: DeriveOptions,
): DerivedSchema {
  const walker = new Walker(ctx, shapeOf, options.closedObjects ?? false);
  const notes = ts.isTypeNode(node) ? aliasNotes(ctx, node) : undefined;
  const root = walker.visit(type, { node, where: options.root, trail: [] }, notes);
  const schema = materialize(root, walker.bodies);
  const components = [...walker.named].map(([name, entry]): DerivedComponent => {
    const sf = entry.declaration.getSourceFile();
    return {
      name,
      declaredAt: locationOf(entry.declaration),
      declarationKey: `${sf.fileName}:${entry.declaration.getStart(sf)}`,
    };
  });
  return {
    schema,
    ...(root instanceof Ref ? { name: root.name } : {}),
    components,
    consulted: [...walker.consulted].sort(),
    diagnostics: walker.diagnostics,
  };
}
