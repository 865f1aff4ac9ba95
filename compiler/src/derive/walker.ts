import { ts } from './tsMorph.ts';
import { diagnosticAt, locationOf, type DeriveDiagnostic } from './errors.ts';
import { docNotes, noNotes, type DocNotes } from './jsdocTags.ts';
import { nullable, Ref, withNotes, type Ir, type IrObject } from './schemaIr.ts';
import { componentNameOf, isDefaultLib, namedTarget, type NamedTarget, type TypeContext } from './typeNames.ts';

/** Where the walk is: the node problems point at, the readable place (`Pet.born`), the path so far. */
export interface Site {
  readonly node: ts.Node;
  /** `Pet.born`, `Page.items[]`: the innermost named type and the properties from it. */
  readonly where: string;
  /** The root label and each place a named type was entered from. */
  readonly trail: readonly string[];
  /**
   * Whether objects derived here are closed (`additionalProperties: false`): the JSDoc
   * `@additionalProperties` of the named type whose body this is; unset, the derivation's default.
   */
  readonly closed?: boolean;
}

/** A named schema found on the walk: where it is declared, and the type that owns the name. */
export interface NamedEntry {
  readonly type: ts.Type;
  /** The declaration (for a hoisted member written in place without one, the union's node). */
  readonly declaration: ts.Node;
}

/** Structural shapes (objects, unions, …) are built by functions given the walker; see objects.ts, unions.ts. */
export type ShapeOf = (w: Walker, type: ts.Type, site: Site) => Ir;

/**
 * One derivation: walks a type, collecting named bodies (by component name), the files read,
 * and every problem (the walk goes on after one, so all are reported at once).
 */
export class Walker {
  readonly bodies = new Map<string, Ir>();
  readonly named = new Map<string, NamedEntry>();
  readonly diagnostics: DeriveDiagnostic[] = [];
  readonly consulted = new Set<string>();
  readonly #byType = new Map<ts.Type, string>();
  #anonymous = new Set<ts.Type>();
  /** Type nodes already searched for unresolved names, and whether one was found. */
  readonly #checked = new Map<ts.Node, boolean>();

  constructor(
    readonly ctx: TypeContext,
    readonly shape: ShapeOf,
    /** Objects without an index signature are closed unless their type's JSDoc says otherwise. */
    readonly closedObjects = false,
  ) {}

  get checker(): ts.TypeChecker {
    return this.ctx.checker;
  }

  /** Records a problem at the site; the `{}` returned stands in so the walk can go on. */
  fail(site: Site, message: string, fix?: string): IrObject {
    const path = [...site.trail, site.where].filter((p, i, all) => i === 0 || p !== all[i - 1]).join(' → ');
    this.diagnostics.push(
      diagnosticAt({ node: site.node, path }, `cannot derive a schema for ${site.where}: ${message}`, fix),
    );
    return {};
  }

  /** Remembers that a declaration's file was read (TypeScript's lib never changes, so it is left out). */
  consult(node: ts.Node | undefined): void {
    if (node !== undefined && !isDefaultLib(this.ctx, node)) this.consulted.add(node.getSourceFile().fileName);
  }

  /** TypeScript's text of a type, for messages. */
  text(type: ts.Type): string {
    return this.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  }

  /** The schema of a type at a site, with the notes of the property (or element) it is the type of. */
  visit(type: ts.Type, site: Site, notes: DocNotes = noNotes): Ir {
    const f = type.flags;
    const missing = this.#missing(site);
    if (missing !== undefined) return missing;
    if (isErrorType(type))
      return this.fail(
        site,
        `the type ${this.text(type)} does not resolve`,
        'fix the type errors TypeScript reports here',
      );
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return withNotes({}, notes);
    if (f & ts.TypeFlags.TypeParameter) {
      return this.fail(
        site,
        `a type parameter (${this.text(type)}) has no JSON form`,
        'derive a concrete type: give every type parameter an argument, e.g. DeriveSchema.gen<Page<User>>()',
      );
    }
    if (f & (ts.TypeFlags.Conditional | ts.TypeFlags.Substitution)) {
      return this.fail(
        site,
        `an unresolved conditional type (${this.text(type)}) has no JSON form`,
        'derive a type whose conditional types resolve (concrete type arguments)',
      );
    }
    if (f & (ts.TypeFlags.Index | ts.TypeFlags.IndexedAccess)) {
      return this.fail(
        site,
        `an unresolved type (${this.text(type)}) has no JSON form`,
        'derive a type whose keyof and indexed accesses resolve (concrete type arguments)',
      );
    }
    // No value has the type: no JSON value matches. `undefined` alone (a body, an alias) is no JSON value either.
    if (f & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) return withNotes({ not: {} }, notes);
    if (f & ts.TypeFlags.Void)
      return this.fail(site, 'void has no JSON form', 'use null, or make the property optional');
    if (f & ts.TypeFlags.ESSymbolLike)
      return this.fail(site, `a symbol (${this.text(type)}) has no JSON form`, 'use a string');
    if (f & ts.TypeFlags.Null) return withNotes({ type: 'null' }, notes);
    if (f & ts.TypeFlags.NonPrimitive) return withNotes({ type: 'object' }, notes);
    const target = namedTarget(this.ctx, type);
    // A component is the same wherever it is used: of a property's notes only `@nullable` applies to its use.
    if (target !== undefined)
      return notes?.nullable ? nullable(this.#named(type, target, site)) : this.#named(type, target, site);
    // An anonymous type met again inside itself can only be written by naming it.
    if (this.#anonymous.has(type))
      return this.fail(
        site,
        `the anonymous type ${this.text(type)} contains itself`,
        'declare it as a named interface or type alias',
      );
    this.#anonymous.add(type);
    try {
      return withNotes(this.shape(this, type, site), notes);
    } finally {
      this.#anonymous.delete(type);
    }
  }

  /**
   * A name TypeScript could not resolve (a misspelling, a missing import) written in the node a
   * site points at: an error at the name, once, instead of the `any` TypeScript reads it as.
   */
  #missing(site: Site): IrObject | undefined {
    const { node } = site;
    if (this.#checked.has(node)) return this.#checked.get(node) ? {} : undefined;
    const name = unresolvedReference(this.checker, node);
    this.#checked.set(node, name !== undefined);
    if (name === undefined) return undefined;
    return this.fail(
      { ...site, node: name },
      `cannot find type ${name.getText()}`,
      'check the spelling of the type name, and that it is declared or imported in this file',
    );
  }

  /**
   * Makes an anonymous type's schema a named one (a tagged union's member written in place, which
   * the discriminator's mapping must name); the same type hoisted again is the same component.
   */
  hoist(type: ts.Type, name: string, body: Ir, site: Site): Ref {
    const known = this.#byType.get(type);
    if (known !== undefined) return new Ref(known);
    const declaration = type.getSymbol()?.declarations?.[0] ?? site.node;
    const prior = this.named.get(name);
    if (prior !== undefined) {
      this.fail(
        site,
        `the member ${this.text(type)} would be named ${name} (the union and its tag), which is already the type at ${locationOf(prior.declaration)}`,
        `declare the member as a named interface, or rename the other ${name}`,
      );
      return new Ref(name);
    }
    this.#byType.set(type, name);
    this.named.set(name, { type, declaration });
    this.bodies.set(name, body);
    this.consult(declaration);
    return new Ref(name);
  }

  #named(type: ts.Type, target: NamedTarget, site: Site): Ir {
    const known = this.#byType.get(type);
    if (known !== undefined) return new Ref(known);
    const open = target.args.find((a) => a.flags & ts.TypeFlags.TypeParameter);
    if (open !== undefined) {
      return this.fail(
        site,
        `a type parameter (${this.text(open)} in ${this.text(type)}) has no JSON form`,
        'derive a concrete type: give every type parameter an argument, e.g. DeriveSchema.gen<Page<User>>()',
      );
    }
    const name = componentNameOf(this.ctx, target);
    const prior = this.named.get(name);
    if (prior !== undefined) {
      if (prior.declaration !== target.declaration) {
        return this.fail(
          site,
          `two different types are named ${name}: ${locationOf(prior.declaration)} and ${locationOf(target.declaration)}`,
          'rename one of them (the component name is the declared name)',
        );
      }
      return this.fail(
        site,
        `two instantiations of ${target.symbol.getName()} (${this.text(prior.type)} and ${this.text(type)}) would both be named ${name}`,
        'give the type arguments names (interfaces or type aliases)',
      );
    }
    this.#byType.set(type, name);
    this.named.set(name, { type, declaration: target.declaration });
    this.bodies.set(name, {}); // claimed first, so the order of $defs is the order names are met
    this.consult(target.declaration);
    const { notes, problems } = docNotes(target.symbol, this.checker);
    const inner: Site = {
      node: declarationNode(target.declaration),
      where: name,
      trail: [...site.trail, site.where],
      ...(notes.additionalProperties !== undefined ? { closed: !notes.additionalProperties } : {}),
    };
    for (const p of problems) this.fail(inner, p.message, `write @${p.tag} as the JSDoc of ${name} expects it`);
    // Anonymous types are tracked per named body: meeting one again below a name is a new use, not a cycle.
    const outer = this.#anonymous;
    this.#anonymous = new Set();
    try {
      this.bodies.set(name, withNotes(this.shape(this, type, inner), notes));
    } finally {
      this.#anonymous = outer;
    }
    return new Ref(name);
  }
}

/** True for the type TypeScript gives a name it cannot resolve (it behaves as `any` otherwise). */
function isErrorType(type: ts.Type): boolean {
  return (
    (type.flags & ts.TypeFlags.Any) !== 0 && (type as ts.Type & { intrinsicName?: string }).intrinsicName === 'error'
  );
}

/** The first type name under `node` that resolves to nothing (`NotFund` in `Page<NotFund>`). */
function unresolvedReference(checker: ts.TypeChecker, node: ts.Node): ts.EntityName | ts.Identifier | undefined {
  const name = ts.isTypeReferenceNode(node)
    ? node.typeName
    : ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)
      ? node.expression
      : undefined;
  if (name !== undefined && !resolves(checker, checker.getSymbolAtLocation(name))) return name;
  return ts.forEachChild(node, (child) => unresolvedReference(checker, child));
}

/** Whether a name stands for a declaration (TypeScript gives an unresolved name a symbol declared nowhere). */
function resolves(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): boolean {
  if (symbol === undefined) return false;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.declarations?.length ?? 0) > 0;
}

/** The node a named type's problems point at: the aliased type, or the declaration's name. */
export function declarationNode(decl: ts.Declaration): ts.Node {
  if (ts.isTypeAliasDeclaration(decl)) return decl.type;
  const name = ts.getNameOfDeclaration(decl);
  return name ?? decl;
}
