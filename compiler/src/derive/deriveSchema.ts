import { Node, ts, type Symbol as MorphSymbol, type Type } from 'ts-morph';
import { codeFrame } from '../input/codeFrame.ts';
import type { Diagnostic } from '../input/Diagnostic.ts';
import { jsDocKeywords } from './jsdocTags.ts';
import { componentName, isLibSymbol } from './typeNames.ts';

/** A derived JSON Schema (TypeBox-shaped JSON with kitgen's `x-kitgen-date`/`x-kitgen-bytes` markers). */
export type DerivedSchema = Record<string, unknown>;

/** What deriving one type gives. */
export interface Derivation {
  readonly schema: DerivedSchema;
  readonly diagnostics: Diagnostic[];
  /** Files whose declarations were read. */
  readonly consulted: Set<string>;
  /** Where each named type (component) is declared, by name. */
  readonly components: Map<string, Node>;
}

const lib = (name: string) => (t: Type) => t.getSymbol()?.getName() === name && isLibSymbol(t.getSymbol());
const isDate = lib('Date');
const isBytes = (t: Type) => (lib('Uint8Array')(t) || lib('Buffer')(t)) as boolean;
const unsupportedLib = ['Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'RegExp', 'Function', 'Error', 'Symbol'];

/** Why a type has no JSON form, or undefined when it has one. */
function unsupported(t: Type): string | undefined {
  const f = t.getFlags();
  if (f & (ts.TypeFlags.ESSymbol | ts.TypeFlags.UniqueESSymbol)) return 'a symbol has no JSON form';
  if (f & ts.TypeFlags.Void) return 'void has no JSON form (leave the field out, or make it optional)';
  if (f & ts.TypeFlags.Never) return 'never has no value';
  if (f & ts.TypeFlags.Conditional) return `the conditional type ${t.getText()} is not resolved`;
  if (f & ts.TypeFlags.TypeParameter) return `the type parameter ${t.getText()} is not bound to a type`;
  if (t.getCallSignatures().length > 0 || t.getConstructSignatures().length > 0) return `a function type (${t.getText()}) has no JSON form`;
  const s = t.getSymbol();
  if (s && unsupportedLib.includes(s.getName()) && isLibSymbol(s)) return `${s.getName()} has no JSON form`;
  return undefined;
}

interface Walk {
  readonly at: Node;
  readonly checker: ts.TypeChecker;
  readonly diagnostics: Diagnostic[];
  readonly consulted: Set<string>;
  /** Named types being derived (for recursion), and those found to recur. */
  readonly stack: string[];
  readonly recursive: Set<string>;
  readonly names: Map<string, Node>;
}

function place(node: Node, message: string, fix: string): Diagnostic {
  const sf = node.getSourceFile();
  const { line, column } = sf.getLineAndColumnAtPos(node.getStart());
  return { severity: 'error', file: sf.getFilePath(), line, column, frame: codeFrame(sf.getFullText(), line, column, node.getWidth()), message, fix };
}

function consult(w: Walk, symbol: MorphSymbol | undefined): void {
  for (const d of symbol?.getDeclarations() ?? []) {
    const path = d.getSourceFile().getFilePath();
    if (!path.includes('/node_modules/')) w.consulted.add(path);
  }
}

function literalSchema(values: unknown[]): DerivedSchema {
  if (values.length === 1) return { const: values[0] };
  if (values.every((v) => typeof v === 'string')) return { type: 'string', enum: values };
  if (values.every((v) => typeof v === 'number')) return { type: 'number', enum: values };
  return { enum: values };
}

/** The tag property every member shares with a distinct string literal, if there is one. */
function discriminatorOf(members: readonly Type[], at: Node): { property: string; values: string[] } | undefined {
  if (members.length < 2 || !members.every((m) => m.isObject() && !m.isArray())) return undefined;
  for (const p of members[0].getProperties()) {
    const values: string[] = [];
    for (const m of members) {
      const q = m.getProperty(p.getName());
      const t = q?.getTypeAtLocation(at);
      if (!t?.isStringLiteral()) break;
      values.push(String(t.getLiteralValue()));
    }
    if (values.length === members.length && new Set(values).size === values.length) return { property: p.getName(), values };
  }
  return undefined;
}

function walk(t: Type, w: Walk, path: string, node: Node): DerivedSchema {
  const why = unsupported(t);
  if (why !== undefined) {
    w.diagnostics.push(place(node, `cannot derive a schema for ${path}: ${why}`, 'give the field a JSON type (string, number, boolean, an object, an array, Date, bigint or Uint8Array), or leave it out of the type'));
    return {};
  }
  if (t.isAny() || t.isUnknown()) return {};
  if (t.isNull()) return { type: 'null' };
  if (t.isBoolean()) return { type: 'boolean' };
  if (t.isString()) return { type: 'string' };
  if (t.isNumber()) return { type: 'number' };
  if (t.getFlags() & ts.TypeFlags.BigInt) return { type: 'bigint', format: 'int64' };
  if (t.isLiteral() || t.isBooleanLiteral()) return { const: t.isBooleanLiteral() ? t.getText() === 'true' : t.getLiteralValue() };
  if (t.getFlags() & ts.TypeFlags.TemplateLiteral) return { type: 'string', pattern: templatePattern(t) };
  if (isDate(t)) return { type: 'string', format: 'date-time', 'x-kitgen-date': true };
  if (isBytes(t)) return { 'x-kitgen-bytes': true };
  if (t.isArray() || t.getSymbol()?.getName() === 'ReadonlyArray') {
    const item = t.getArrayElementType() ?? t.getTypeArguments()[0];
    return { type: 'array', items: item ? walk(item, w, `${path}[]`, node) : {} };
  }
  if (t.isTuple()) {
    const items = t.getTupleElements().map((e, i) => walk(e, w, `${path}[${i}]`, node));
    return { type: 'array', items, additionalItems: false, minItems: items.length, maxItems: items.length };
  }
  const name = componentName(t, w.at);
  if (name !== undefined) return named(t, name, w, node);
  return structural(t, w, path, node);
}

/** A named type: inline with `$id`, or the Cyclic form (`$defs` + `$ref`) when it recurs. */
function named(t: Type, name: string, w: Walk, node: Node): DerivedSchema {
  const symbol = t.getAliasSymbol() ?? t.getSymbol();
  consult(w, symbol);
  const decl = symbol?.getDeclarations()[0];
  const other = w.names.get(name);
  if (decl !== undefined && other !== undefined && other !== decl && other.getSourceFile() !== decl.getSourceFile()) {
    const where = other.getSourceFile().getFilePath();
    w.diagnostics.push(place(decl, `two types are named ${name}: this one and the one in ${where}; a component name must be unique`, `rename one of them (or export one under another name)`));
  } else if (decl !== undefined) w.names.set(name, decl);
  if (w.stack.includes(name)) {
    w.recursive.add(name);
    return { $ref: name };
  }
  w.stack.push(name);
  const body = structural(t, w, name, decl ?? node);
  w.stack.pop();
  const docs = jsDocKeywords(symbol, w.checker);
  const schema: DerivedSchema = { $id: name, ...body, ...(docs.description !== undefined && body.description === undefined ? { description: docs.description } : {}), ...docs.keywords };
  if (!w.recursive.has(name)) return schema;
  w.recursive.delete(name);
  return { $defs: { [name]: schema }, $ref: name };
}

/** Unions, intersections, enums and object shapes. */
function structural(t: Type, w: Walk, path: string, node: Node): DerivedSchema {
  if (t.isUnion()) return union(t, w, path, node);
  if (t.isIntersection()) {
    const parts = t.getIntersectionTypes();
    const primitive = parts.find((p) => p.isString() || p.isNumber() || p.isBoolean() || (p.getFlags() & ts.TypeFlags.BigInt) !== 0);
    // A branded primitive (string & { __brand: 'UserId' }) is the primitive on the wire.
    if (primitive) return walk(primitive, w, path, node);
  }
  if (t.isObject() || t.isIntersection()) return object(t, w, path, node);
  w.diagnostics.push(place(node, `cannot derive a schema for ${path}: ${t.getText()} has no JSON form`, 'use a JSON type here'));
  return {};
}

function union(t: Type, w: Walk, path: string, node: Node): DerivedSchema {
  let members = t.getUnionTypes().filter((m) => !m.isUndefined());
  const nullable = members.some((m) => m.isNull());
  members = members.filter((m) => !m.isNull());
  // TypeScript spells boolean as true | false.
  const hasTrue = members.some((m) => m.isBooleanLiteral() && m.getText() === 'true');
  const hasFalse = members.some((m) => m.isBooleanLiteral() && m.getText() === 'false');
  let base: DerivedSchema;
  if (members.length > 0 && members.every((m) => m.isLiteral() || m.isEnumLiteral()) && !(hasTrue && hasFalse)) {
    base = literalSchema(members.map((m) => m.getLiteralValue()));
    const s = t.getAliasSymbol() ?? t.getSymbol();
    if (t.isEnum() && s) consult(w, s);
  } else {
    const rest = hasTrue && hasFalse ? members.filter((m) => !m.isBooleanLiteral()) : members;
    const schemas = rest.map((m, i) => walk(m, w, `${path}|${i}`, node));
    if (hasTrue && hasFalse) schemas.push({ type: 'boolean' });
    const tag = hasTrue && hasFalse ? undefined : discriminatorOf(rest, w.at);
    if (schemas.length === 1) base = schemas[0];
    else if (tag) {
      const mapping: Record<string, string> = {};
      rest.forEach((m, i) => {
        const n = componentName(m, w.at);
        if (n !== undefined) mapping[tag.values[i]] = `#/components/schemas/${n}`;
      });
      base = { anyOf: schemas, discriminator: { propertyName: tag.property, ...(Object.keys(mapping).length > 0 ? { mapping } : {}) } };
    } else base = { anyOf: schemas };
  }
  return nullable ? { anyOf: [base, { type: 'null' }] } : base;
}

function object(t: Type, w: Walk, path: string, node: Node): DerivedSchema {
  const properties: Record<string, DerivedSchema> = {};
  const required: string[] = [];
  for (const p of t.getProperties()) {
    const decl = p.getDeclarations()[0] ?? node;
    const name = p.getName();
    if (name.startsWith('__@')) continue; // symbol-keyed
    consult(w, p);
    if (Node.isMethodDeclaration(decl) || Node.isMethodSignature(decl)) {
      w.diagnostics.push(place(decl, `cannot derive a schema for ${path}.${name}: a method has no JSON form`, 'describe the data only: use an interface (or a class) with fields, no methods'));
      continue;
    }
    const pt = p.getTypeAtLocation(w.at);
    const docs = jsDocKeywords(p, w.checker);
    let schema = walk(pt, w, `${path}.${name}`, decl);
    if (docs.integer && schema.type === 'number') schema = { ...schema, type: 'integer' };
    const notes = { ...(docs.description !== undefined ? { description: docs.description } : {}), ...docs.keywords };
    if (Object.keys(notes).length > 0) schema = schema.$ref !== undefined || schema.$id !== undefined ? { allOf: [schema], ...notes } : { ...schema, ...notes };
    properties[name] = schema;
    if (!p.isOptional() && !pt.isUndefined() && !(pt.isUnion() && pt.getUnionTypes().some((u) => u.isUndefined()))) required.push(name);
  }
  const index = t.getStringIndexType() ?? t.getNumberIndexType();
  const out: DerivedSchema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (index) out.additionalProperties = walk(index, w, `${path}[key]`, node);
  if (Object.keys(properties).length === 0) delete out.properties;
  return out;
}

/** The pattern of a template literal type (`user-${number}` → `^user-[+-]?\d+(?:\.\d+)?$`). */
function templatePattern(t: Type): string {
  const raw = t.compilerType as ts.TemplateLiteralType;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  let out = escape(raw.texts[0]);
  raw.types.forEach((part, i) => {
    const f = part.flags;
    out += f & ts.TypeFlags.Number ? '[+-]?\\d+(?:\\.\\d+)?' : f & ts.TypeFlags.BigInt ? '[+-]?\\d+' : f & ts.TypeFlags.Boolean ? '(?:true|false)' : '.*';
    out += escape(raw.texts[i + 1]);
  });
  return `^${out}$`;
}

/**
 * Derives the JSON Schema of a TypeScript type (DeriveSchema.gen<T>() ahead of time): named types
 * carry `$id` (their component name), recursive ones use TypeBox's Cyclic form, `Date` and
 * `Uint8Array` the runtime's markers. A type JSON cannot carry is an error at its declaration,
 * with the path from `label` to it; nothing is silently widened.
 */
export function deriveSchema(type: Type, at: Node, label: string, checker: ts.TypeChecker): Derivation {
  const w: Walk = { at, checker, diagnostics: [], consulted: new Set(), stack: [], recursive: new Set(), names: new Map() };
  const schema = walk(type, w, label, at);
  return { schema, diagnostics: w.diagnostics, consulted: w.consulted, components: w.names };
}
