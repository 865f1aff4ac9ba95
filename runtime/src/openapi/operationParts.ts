import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import type { GenContext } from './genContext.ts';
import type { OperationObject, SchemaObject } from './model.ts';
import type { NameAllocator } from './names.ts';
import { operationDocs } from './operationGen.ts';
import { copyTree, type OperationPart, type PartEvent } from './partTrace.ts';
import { mergeSchemaIds, schemaIdEntries } from './schemaIds.ts';
import type { Src } from './schemaShapes.ts';
import { operationSlots } from './schemaSlots.ts';
import { markSettled, markSettledOperation } from './settledSchemas.ts';

/** A replay got another answer than the recording: the describing starts over (see OpenAPIGen). */
export class PartsMismatch extends Error {
  constructor(readonly index: number) {
    super(`operation part ${index} no longer replays`);
  }
}

/**
 * Each endpoint's part of the last document, kept from one describing to the next. An endpoint
 * (the same object: endpoints are immutable) whose recorded questions to the document-wide state
 * get the same answers again takes its operation object and the components it wrote from the
 * record; only the others are converted. Whatever was replayed, the document is the one a fresh
 * describing of the same endpoints gives, byte for byte.
 */
export class OperationParts {
  #parts = new Map<AnyEndpoint, OperationPart>();
  #next = new Map<AnyEndpoint, OperationPart>();
  readonly #idEntries = new WeakMap<AnyEndpoint, ReadonlyArray<readonly [string, Src]>>();
  readonly #texts = new WeakMap<object, string>();
  /** The recorded schemas with nothing shareable below them: frozen, handed out without a copy. */
  readonly settled = new WeakSet<object>();
  #settings: readonly [CodecConfig, boolean] | undefined;
  /** Endpoints from this index on are converted, not replayed (set after a mismatch). */
  #convertFrom = Infinity;

  /** Starts a describing under `config`; parts recorded under other settings are dropped. */
  begin(config: CodecConfig, implicitErrors: boolean, convertFrom = Infinity): void {
    if (this.#settings?.[0] !== config || this.#settings[1] !== implicitErrors) this.#parts.clear();
    this.#settings = [config, implicitErrors];
    this.#next = new Map();
    this.#convertFrom = convertFrom;
  }

  /** The user's named schemas of every endpoint, each endpoint's walked once while it is kept. */
  schemaIds(
    endpoints: readonly AnyEndpoint[],
    schemasOf: (e: AnyEndpoint) => TSchema[],
    names: NameAllocator,
  ): Map<string, Src> {
    const lists = endpoints.map((e) => {
      let list = this.#idEntries.get(e);
      if (list === undefined) this.#idEntries.set(e, (list = schemaIdEntries(schemasOf(e))));
      return list;
    });
    return mergeSchemaIds(lists, names, this.#texts);
  }

  /** The operation object of `endpoint`, the `index`th: replayed from its part, else converted and recorded. */
  operation(endpoint: AnyEndpoint, ctx: GenContext, operationId: string, index: number): OperationObject {
    const part = this.#parts.get(endpoint);
    if (part !== undefined && part.operationId === operationId && index < this.#convertFrom) {
      const op = replay(part, ctx, this.settled);
      if (op === undefined) throw new PartsMismatch(index);
      this.#next.set(endpoint, part);
      return op;
    }
    const schemas = ctx.schemas;
    const events: PartEvent[] = (schemas.trace = []);
    let op: OperationObject;
    try {
      op = operationDocs(endpoint, ctx, operationId);
    } finally {
      schemas.trace = undefined;
    }
    // Copies taken now, before sharing rewrites the document's objects in place.
    const memo = new Map<object, object>();
    const hints = new WeakMap<object, string>();
    const copy = <T>(v: T): T => copyTree(v, memo, schemas.hints, hints);
    const kept = events.map((e) =>
      (e.kind === 'component' || e.kind === 'case') && e.body !== undefined ? { ...e, body: copy(e.body) } : e,
    );
    const recorded = copy(op);
    for (const e of kept) if ('body' in e && e.body !== undefined) markSettled(e.body, this.settled, true);
    for (const slot of operationSlots(recorded)) markSettled(slot.schema, this.settled, true);
    markSettledOperation(recorded, this.settled);
    this.#next.set(endpoint, { operationId, op: recorded, events: kept, hints });
    // The document gets what a replay of the record gives (its settled parts, frozen, are the
    // record's own), not the converted objects: the next describing hands out the same objects
    // for an unchanged endpoint, so a reader of successive documents sees them unchanged at once.
    const handed = new Map<object, object>();
    const handOut = <T>(v: T): T => copyTree(v, handed, hints, schemas.hints, this.settled);
    for (const e of kept)
      if ((e.kind === 'component' || e.kind === 'case') && e.body !== undefined)
        schemas.schemas[e.name] = handOut(e.body);
    return handOut(recorded);
  }

  /** Keeps the parts of this describing (and only those) for the next one. */
  commit(): void {
    this.#parts = this.#next;
    this.#next = new Map();
  }
}

/** The operation object of `part` when every recorded question gets its recorded answer, else undefined. */
function replay(part: OperationPart, ctx: GenContext, settled: WeakSet<object>): OperationObject | undefined {
  const memo = new Map<object, object>();
  const copy = <T>(v: T): T => copyTree(v, memo, part.hints, ctx.schemas.hints, settled);
  const copyBody = (body: SchemaObject) => copy(body);
  for (const e of part.events) {
    if (e.kind === 'error') {
      if (ctx.errorSchema().$ref !== `#/components/schemas/${e.name}`) return undefined;
    } else if (e.kind === 'security') ctx.securityScheme(e.scheme);
    else if (!ctx.schemas.replay(e, copyBody)) return undefined;
  }
  return copy(part.op);
}
