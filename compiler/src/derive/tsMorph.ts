// ts-morph, loaded with `require`: imported as an ES module, Node first scans its CommonJS text
// for the names it exports (~0.2 CPU-s of every run that derives); `require` skips the scan. The
// types come from an `import type`, so `ts.Type` and the like still read as they do in TypeScript.
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

const morph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

/** The TypeScript compiler API ts-morph bundles (the values; its types are in the namespace below). */
export const ts: typeof TsMorph.ts = morph.ts;

/** The types of the compiler API this compiler names, as `ts.<Name>`. */
export declare namespace ts {
  export type CallExpression = TsMorph.ts.CallExpression;
  export type CompilerHost = TsMorph.ts.CompilerHost;
  export type CompilerOptions = TsMorph.ts.CompilerOptions;
  export type Declaration = TsMorph.ts.Declaration;
  export type ElementFlags = TsMorph.ts.ElementFlags;
  export type EntityName = TsMorph.ts.EntityName;
  export type EnumDeclaration = TsMorph.ts.EnumDeclaration;
  export type Expression = TsMorph.ts.Expression;
  export type Identifier = TsMorph.ts.Identifier;
  export type InterfaceType = TsMorph.ts.InterfaceType;
  export type IntersectionType = TsMorph.ts.IntersectionType;
  export type ModuleKind = TsMorph.ts.ModuleKind;
  export type ModuleResolutionCache = TsMorph.ts.ModuleResolutionCache;
  export type ModuleResolutionKind = TsMorph.ts.ModuleResolutionKind;
  export type Node = TsMorph.ts.Node;
  export type NodeFlags = TsMorph.ts.NodeFlags;
  export type ObjectFlags = TsMorph.ts.ObjectFlags;
  export type ObjectType = TsMorph.ts.ObjectType;
  export type PackageJsonInfoCache = TsMorph.ts.PackageJsonInfoCache;
  export type Program = TsMorph.ts.Program;
  export type PropertyAccessExpression = TsMorph.ts.PropertyAccessExpression;
  export type ResolvedModuleWithFailedLookupLocations = TsMorph.ts.ResolvedModuleWithFailedLookupLocations;
  export type ScriptKind = TsMorph.ts.ScriptKind;
  export type ScriptTarget = TsMorph.ts.ScriptTarget;
  export type SignatureKind = TsMorph.ts.SignatureKind;
  export type SourceFile = TsMorph.ts.SourceFile;
  export type Statement = TsMorph.ts.Statement;
  export type StringLiteralLike = TsMorph.ts.StringLiteralLike;
  export type Symbol = TsMorph.ts.Symbol;
  export type SymbolFlags = TsMorph.ts.SymbolFlags;
  export type SyntaxKind = TsMorph.ts.SyntaxKind;
  export type TemplateLiteralType = TsMorph.ts.TemplateLiteralType;
  export type TupleTypeReference = TsMorph.ts.TupleTypeReference;
  export type Type = TsMorph.ts.Type;
  export type TypeChecker = TsMorph.ts.TypeChecker;
  export type TypeFlags = TsMorph.ts.TypeFlags;
  export type TypeFormatFlags = TsMorph.ts.TypeFormatFlags;
  export type TypeNode = TsMorph.ts.TypeNode;
  export type TypeReference = TsMorph.ts.TypeReference;
  export type UnionType = TsMorph.ts.UnionType;
}

/** ts-morph's project of source files. */
export const Project: typeof TsMorph.Project = morph.Project;
/** ts-morph's project of source files. */
export type Project = TsMorph.Project;

/** ts-morph's node wrapper (its static type guards are what is used). */
export const Node: typeof TsMorph.Node = morph.Node;
/** ts-morph's node wrapper. */
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;

export type { Program, SourceFile, Type, VariableDeclaration } from 'ts-morph';
