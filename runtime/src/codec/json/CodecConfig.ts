import { NameFormat } from './NameFormat.ts';

/** The spec's `ExplicitConfig`: the encoding half and the decoding half of an explicit-value rule. */
export interface ExplicitConfig {
  readonly encoding: boolean;
  readonly decoding: boolean;
}

/**
 * The spec's `DiscriminatorSetting`: how a sum type's case is marked in JSON. `ClassName`
 * wraps the value in a single-field object named after the case (`{ "Cat": {...} }`); `Name`
 * puts the case name in a field (`{ "type": "Cat", ... }`); `NoDiscriminator` writes the case's
 * fields alone and decodes by trying each case.
 */
export type DiscriminatorSetting =
  | { readonly kind: 'ClassName'; readonly format: NameFormat }
  | { readonly kind: 'Name'; readonly name: string; readonly format: NameFormat }
  | { readonly kind: 'NoDiscriminator' };

/** Builders for {@link DiscriminatorSetting}. */
export const DiscriminatorSetting = {
  ClassName: (format: NameFormat = NameFormat.Identity): DiscriminatorSetting => ({ kind: 'ClassName', format }),
  Name: (name: string, format: NameFormat = NameFormat.Identity): DiscriminatorSetting => ({
    kind: 'Name',
    name,
    format,
  }),
  NoDiscriminator: { kind: 'NoDiscriminator' } as DiscriminatorSetting,
} as const;

/** The six options of the spec's `CodecConfig`, and kitgen's nesting limit. */
export interface CodecConfigFields {
  /** Reject request bodies holding fields the schema does not declare (400 naming the field). */
  readonly rejectExtraFields: boolean;
  /** Encoding: write empty collections as `[]`/`{}`; decoding: missing collection fields become empty. */
  readonly explicitEmptyCollections: ExplicitConfig;
  /**
   * Encoding: write a field's `null` (a None) as `null`, or leave it out when off; an absent field
   * is never written. Decoding: missing nullable fields become `null`.
   */
  readonly explicitNulls: ExplicitConfig;
  readonly discriminatorSettings: DiscriminatorSetting;
  /** How field names are written on the wire (both directions). */
  readonly fieldNameFormat: NameFormat;
  /** Encode streams as one JSON array instead of newline-delimited JSON. */
  readonly treatStreamsAsArrays: boolean;
  /**
   * kitgen's addition: the deepest nesting of arrays and objects a decoded JSON value may have
   * (the top-level value is level 1); deeper bodies are answered 400 naming the place.
   */
  readonly maxDepth: number;
}

/** The default of {@link CodecConfigFields.maxDepth}: deeper than Fastify 5 can echo (JSON.stringify stops near 4,100 levels). */
export const DEFAULT_JSON_MAX_DEPTH = 5000;

const defaults: CodecConfigFields = {
  rejectExtraFields: false,
  explicitEmptyCollections: { encoding: true, decoding: false },
  explicitNulls: { encoding: true, decoding: false },
  // Written out, not through NameFormat: a page reading the defaults keeps no name format.
  discriminatorSettings: { kind: 'ClassName', format: 'Identity' },
  fieldNameFormat: 'Identity',
  treatStreamsAsArrays: false,
  maxDepth: DEFAULT_JSON_MAX_DEPTH,
};

/** The spec's `CodecConfig` record: build with `CodecConfig(...)`, with the spec's defaults. */
export type CodecConfig = CodecConfigFields;

function checked(options: Partial<CodecConfigFields>): Partial<CodecConfigFields> {
  const depth = options.maxDepth;
  if (depth !== undefined && (!Number.isSafeInteger(depth) || depth < 1)) {
    throw new RangeError(`CodecConfig: maxDepth must be a whole number of at least 1, not ${String(depth)}`);
  }
  return options;
}

let global: CodecConfig = Object.freeze({ ...defaults });

/**
 * Builds a CodecConfig from the options given and the spec's defaults; `CodecConfig.default`,
 * the global `configLayer`, and `current()` (the global one in effect). The per-routes scope,
 * `withConfig`, is a middleware and lives with them (middleware/codecConfig.ts).
 */
export const CodecConfig = /* @__PURE__ */ Object.assign(
  (options: Partial<CodecConfigFields> = {}): CodecConfig => Object.freeze({ ...defaults, ...checked(options) }),
  {
    /** The spec's defaults. */
    default: Object.freeze({ ...defaults }) as CodecConfig,
    /** `ExplicitConfig(encoding, decoding)`. */
    ExplicitConfig: (encoding = true, decoding = false): ExplicitConfig => ({ encoding, decoding }),
    /**
     * The spec's global scope: installs `config` for every codec that is not given one, at
     * bootstrap (before endpoints are served). Returns the config.
     */
    configLayer(config: CodecConfig): CodecConfig {
      global = config;
      return config;
    },
    /** The global config in effect. */
    current: currentCodecConfig,
  },
);

/** The global config in effect (`CodecConfig.current()`; alone, a page reading it keeps no builder). */
export function currentCodecConfig(): CodecConfig {
  return global;
}
