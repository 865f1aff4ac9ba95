/** A parsed media type such as `application/json; charset=utf-8` (the spec's `MediaType`). */
export interface MediaType {
  /** `type/subtype`, lower-case, without parameters. */
  readonly fullType: string;
  readonly mainType: string;
  readonly subType: string;
  /** Parameters with lower-case names (`charset`, `boundary`, …). */
  readonly parameters: Readonly<Record<string, string>>;
}

function make(fullType: string, parameters: Record<string, string> = {}): MediaType {
  const [mainType, subType = ''] = fullType.split('/');
  return { fullType, mainType, subType, parameters };
}

/** Media types by name, plus parsing, rendering and `Accept` negotiation. */
export const MediaType = {
  application: {
    json: make('application/json'),
    octetStream: make('application/octet-stream'),
    xWwwFormUrlencoded: make('application/x-www-form-urlencoded'),
    ndjson: make('application/x-ndjson'),
    protobuf: make('application/protobuf'),
    msgpack: make('application/msgpack'),
  },
  text: {
    plain: make('text/plain'),
    html: make('text/html'),
    css: make('text/css'),
    javascript: make('text/javascript'),
  },
  multipart: {
    formData: make('multipart/form-data'),
  },
  any: make('*/*'),

  /** Builds a media type from `type/subtype` and optional parameters. */
  of(fullType: string, parameters: Record<string, string> = {}): MediaType {
    return make(fullType.toLowerCase(), parameters);
  },

  /** Parses a Content-Type style value; undefined when it is not `type/subtype[; k=v]*`. */
  parse(text: string): MediaType | undefined {
    const [head, ...params] = text.split(';');
    const fullType = head.trim().toLowerCase();
    if (!/^[a-z0-9!#$&^_.+*-]+\/[a-z0-9!#$&^_.+*-]+$/.test(fullType)) return undefined;
    const parameters: Record<string, string> = {};
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const key = p.slice(0, eq).trim().toLowerCase();
      let value = p.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
      if (key) parameters[key] = value;
    }
    return make(fullType, parameters);
  },

  /** Renders `type/subtype; k=v` (values quoted when needed). */
  render(mt: MediaType): string {
    let out = mt.fullType;
    for (const [k, v] of Object.entries(mt.parameters)) {
      out += `; ${k}=${/^[A-Za-z0-9!#$&^_.+-]+$/.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`}`;
    }
    return out;
  },

  /** True when `range` (which may hold `*`) covers `mt`. */
  matches(range: MediaType, mt: MediaType): boolean {
    if (range.mainType === '*') return true;
    if (range.mainType !== mt.mainType) return false;
    if (range.subType === '*') return true;
    if (range.subType === mt.subType) return true;
    // `application/json` covers `application/problem+json` style suffixes only one way.
    return false;
  },

  /**
   * Picks the best of `offered` for an `Accept` header (RFC 9110 §12.5.1): highest q, then most
   * specific range, then the order offered. No header means the first offered; no match → undefined.
   */
  negotiate(accept: string | undefined, offered: readonly MediaType[]): MediaType | undefined {
    if (offered.length === 0) return undefined;
    if (accept === undefined || accept.trim() === '') return offered[0];
    const ranges = parseAccept(accept);
    let best: MediaType | undefined;
    let bestQ = 0;
    let bestSpec = -1;
    for (const mt of offered) {
      let q = -1;
      let spec = -1;
      for (const r of ranges) {
        if (!MediaType.matches(r.type, mt)) continue;
        const s = r.type.mainType === '*' ? 0 : r.type.subType === '*' ? 1 : 2;
        if (s > spec) {
          spec = s;
          q = r.q;
        }
      }
      if (q > bestQ || (q === bestQ && q > 0 && spec > bestSpec && best === undefined)) {
        best = mt;
        bestQ = q;
        bestSpec = spec;
      }
    }
    return bestQ > 0 ? best : undefined;
  },
} as const;

function parseAccept(accept: string): Array<{ type: MediaType; q: number }> {
  const out: Array<{ type: MediaType; q: number }> = [];
  for (const part of accept.split(',')) {
    const mt = MediaType.parse(part);
    if (!mt) continue;
    const qs = mt.parameters.q;
    const q = qs === undefined ? 1 : Number(qs);
    out.push({ type: mt, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 });
  }
  return out;
}
