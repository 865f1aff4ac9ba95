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
  Name: (name: string, format: NameFormat = NameFormat.Identity): DiscriminatorSetting => ({ kind: 'Name', name, format }),
  NoDiscriminator: { kind: 'NoDiscriminator' } as DiscriminatorSetting,
} as const;

/** The six options of the spec's `CodecConfig`. */
export interface CodecConfigFields {
  /** Reject request bodies holding fields the schema does not declare (400 naming the field). */
  readonly rejectExtraFields: boolean;
  /** Encoding: write empty collections as `[]`/`{}`; decoding: missing collection fields become empty. */
  readonly explicitEmptyCollections: ExplicitConfig;
  /** Encoding: write absent/None as `null`; decoding: missing nullable fields become `null`. */
  readonly explicitNulls: ExplicitConfig;
  readonly discriminatorSettings: DiscriminatorSetting;
  /** How field names are written on the wire (both directions). */
  readonly fieldNameFormat: NameFormat;
  /** Encode streams as one JSON array instead of newline-delimited JSON. */
  readonly treatStreamsAsArrays: boolean;
}

const defaults: CodecConfigFields = {
  rejectExtraFields: false,
  explicitEmptyCollections: { encoding: true, decoding: false },
  explicitNulls: { encoding: true, decoding: false },
  discriminatorSettings: DiscriminatorSetting.ClassName(NameFormat.Identity),
  fieldNameFormat: NameFormat.Identity,
  treatStreamsAsArrays: false,
};

/** The spec's `CodecConfig` record: build with `CodecConfig(...)`, with the spec's defaults. */
export type CodecConfig = CodecConfigFields;

let global: CodecConfig = Object.freeze({ ...defaults });

/**
 * Builds a CodecConfig from the options given and the spec's defaults; `CodecConfig.default`,
 * the global `configLayer`, and `current()` (the global one in effect). The per-routes scope,
 * `withConfig`, is a middleware and lives with them (middleware/codecConfig.ts).
 */
export const CodecConfig = Object.assign((options: Partial<CodecConfigFields> = {}): CodecConfig => Object.freeze({ ...defaults, ...options }), {
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
  current(): CodecConfig {
    return global;
  },
});
