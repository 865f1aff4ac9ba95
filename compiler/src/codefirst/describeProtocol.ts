// The messages between the compiler and the thread that loads endpoint definition files.
import type { DocumentPart, PackedChanges } from './documentParts.ts';

/** What to load and how to describe it. */
export interface DescribeRequest {
  /** Absolute paths of the endpoint definition files, in order. */
  readonly files: readonly string[];
  /**
   * Expanded text by file URL (files without DeriveSchema.gen<T>() calls are read from disk): only
   * the texts that changed since the thread's last request (every one in its first), as each
   * request would otherwise copy megabytes of unchanged text across two threads.
   */
  readonly sources: Readonly<Record<string, string>>;
  /** File URLs expanded in the last request and no longer: read from disk again. */
  readonly dropped: readonly string[];
  /** Increases with every request: the modules without a version load anew each time. */
  readonly generation: number;
  /** Each of the user's modules' version by file URL (moduleVersions.ts): a module whose version is unchanged is not loaded again. */
  readonly versions: Readonly<Record<string, string>>;
  readonly title: string;
  readonly version: string;
  /** Summary and description from each export's JSDoc, by file and export name. */
  readonly docs: Readonly<Record<string, Readonly<Record<string, ExportDocs>>>>;
  /** A one-shot run: nothing is kept for a next request (no parts recorded, no texts to compare). */
  readonly once?: boolean;
}

/** The JSDoc of an exported endpoint. */
export interface ExportDocs {
  readonly summary?: string;
  readonly description?: string;
}

/** An exported endpoint that was found. */
export interface EndpointFound {
  readonly file: string;
  readonly exportName: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
}

/** An error thrown while loading a module or describing the endpoints. */
export interface LoadFailure {
  readonly file: string;
  readonly name: string;
  readonly message: string;
  readonly stack: string;
}

/** A request that failed. */
export type DescribeFailure =
  | { readonly kind: 'load-failed'; readonly failure: LoadFailure }
  | { readonly kind: 'describe-failed'; readonly failure: LoadFailure; readonly endpoints: readonly EndpointFound[] };

/**
 * What the loading thread answers: the document as the texts of its parts (documentParts.ts),
 * only those that changed since its last answer — strings cross threads far cheaper than a cloned
 * object tree, and most of a document is as it was.
 */
export type DescribeAnswer =
  | {
      readonly kind: 'described';
      readonly changes: PackedChanges;
      readonly endpoints: readonly EndpointFound[];
      /** The files whose modules were imported for it (the others were the same modules as before). */
      readonly imported: readonly string[];
    }
  | DescribeFailure;

/** A description: every part of the document (the answer completed with the parts it left unchanged). */
export type DescribeResult =
  | {
      readonly kind: 'described';
      readonly parts: readonly DocumentPart[];
      readonly endpoints: readonly EndpointFound[];
    }
  | DescribeFailure;
