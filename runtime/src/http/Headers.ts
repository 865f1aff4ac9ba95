/** A header value as Node carries it: one string, or several for repeatable headers such as set-cookie. */
export type HeaderValue = string | readonly string[];

/** Anything {@link Headers.from} accepts: another Headers, a record, or name/value pairs. */
export type HeadersInit =
  Headers | Readonly<Record<string, HeaderValue | number | undefined>> | ReadonlyArray<readonly [string, string]>;

/**
 * HTTP headers (the spec's `Headers`): an immutable, case-insensitive map from lower-case
 * names to values. Every "change" returns a new value, so a response can be shared safely.
 */
export class Headers implements Iterable<[string, string]> {
  /** @internal lower-case name → value; never mutated after construction. */
  readonly raw: Readonly<Record<string, HeaderValue>>;

  private constructor(raw: Readonly<Record<string, HeaderValue>>) {
    this.raw = raw;
  }

  /** No headers. */
  static readonly empty: Headers = new Headers(Object.freeze({}));

  /** Builds headers from a record or pairs; names are lower-cased, undefined values dropped. */
  static from(init?: HeadersInit): Headers {
    if (init === undefined) return Headers.empty;
    if (init instanceof Headers) return init;
    const raw: Record<string, HeaderValue> = Object.create(null);
    const add = (name: string, value: string) => {
      const key = name.toLowerCase();
      const prev = raw[key];
      raw[key] = prev === undefined ? value : [...(typeof prev === 'string' ? [prev] : prev), value];
    };
    if (Array.isArray(init)) {
      for (const [name, value] of init as ReadonlyArray<readonly [string, string]>) add(name, value);
    } else {
      for (const [name, value] of Object.entries(init as Record<string, HeaderValue | number | undefined>)) {
        if (value === undefined) continue;
        if (typeof value === 'object') for (const v of value) add(name, v);
        else add(name, String(value));
      }
    }
    return new Headers(raw);
  }

  /** @internal Wraps Node's already lower-cased request headers without copying. */
  static fromNode(raw: Readonly<Record<string, string | string[] | undefined>>): Headers {
    return new Headers(raw as Readonly<Record<string, HeaderValue>>);
  }

  /** The value of a header; several values are joined with ", " (set-cookie: the first). */
  get(name: string): string | undefined {
    const v = own(this.raw, name.toLowerCase());
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    return name.toLowerCase() === 'set-cookie' ? v[0] : v.join(', ');
  }

  /** Every value of a header. */
  getAll(name: string): readonly string[] {
    const v = own(this.raw, name.toLowerCase());
    if (v === undefined) return [];
    return typeof v === 'string' ? [v] : v;
  }

  /** True when the header is present. */
  has(name: string): boolean {
    return own(this.raw, name.toLowerCase()) !== undefined;
  }

  /** A copy with the header set to `value`, replacing earlier values. */
  set(name: string, value: HeaderValue | number): Headers {
    const raw = copy(this.raw);
    raw[name.toLowerCase()] = typeof value === 'number' ? String(value) : value;
    return new Headers(raw);
  }

  /** A copy with `value` added after any existing values of the header. */
  add(name: string, value: string): Headers {
    const key = name.toLowerCase();
    const prev = own(this.raw, key);
    if (prev === undefined) return this.set(key, value);
    return this.set(key, [...(typeof prev === 'string' ? [prev] : prev), value]);
  }

  /** A copy without the header. */
  delete(name: string): Headers {
    const key = name.toLowerCase();
    if (own(this.raw, key) === undefined) return this;
    const raw = copy(this.raw);
    delete raw[key];
    return new Headers(raw);
  }

  /** A copy holding these headers and then `other`'s, which win on equal names. */
  merge(other: HeadersInit): Headers {
    const o = Headers.from(other);
    if (o === Headers.empty || Object.keys(o.raw).length === 0) return this;
    if (Object.keys(this.raw).length === 0) return o;
    return new Headers(Object.assign(copy(this.raw), o.raw));
  }

  /** Header names present. */
  names(): string[] {
    return Object.keys(this.raw).filter((k) => this.raw[k] !== undefined);
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const name of this.names()) for (const v of this.getAll(name)) yield [name, v];
  }

  /** A plain record (repeatable headers as arrays), as Node's `writeHead` takes it. */
  toRecord(): Record<string, HeaderValue> {
    return copy(this.raw);
  }
}

/** A header's own value: Node's request headers object inherits `constructor`, `toString`, …. */
function own(raw: Readonly<Record<string, HeaderValue>>, key: string): HeaderValue | undefined {
  return Object.hasOwn(raw, key) ? raw[key] : undefined;
}

/**
 * Copies into an object without a prototype, so header names such as `constructor` or
 * `__proto__` are plain keys and never reach `Object.prototype`.
 */
function copy(raw: Readonly<Record<string, HeaderValue>>): Record<string, HeaderValue> {
  return Object.assign(Object.create(null) as Record<string, HeaderValue>, raw);
}
