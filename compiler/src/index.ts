// kitgen, the compiler: OpenAPI 3.0/3.1 → typed endpoint modules, server, client and CLI.
export {
  EndpointGen,
  allTargets,
  defaultCodeFirstTargets,
  defaultOpenAPITargets,
  emitAll,
  emitters,
  loadTemplates,
  targetDescriptors,
  templateFiles,
  type Emitter,
  type EmitOptions,
  type GenerateOptions,
  type GeneratedCode,
  type OpenAPIFormat,
  type OpenAPIInput,
  type Target,
  type TargetDescriptor,
} from './EndpointGen.ts';
export { CodeGen, generatedMarker, WrittenFiles, type WriteOptions, type WriteResult } from './CodeGen.ts';
export { CompileError, formatDiagnostic, type Diagnostic } from './diagnostics/index.ts';
export { loadDocument, type SourceDocument } from './input/loadDocument.ts';
export { FormatError } from './format/formatCode.ts';
export { compileTemplates, builtInTemplatesDir, type Templates } from './render/Templates.ts';
export { defineConfig, type KitgenConfig } from './pipeline/config.ts';
export type { Api, Operation, Parameter, RequestBody, Response, SecurityScheme } from './model/Api.ts';
export type { NamedSchema, SchemaNode } from './model/Schema.ts';
