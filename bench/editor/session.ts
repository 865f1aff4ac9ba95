// The scripted editor requests of `npm run bench:editor`: a cold start (open, then the first
// quickinfo and completionInfo) in a fresh tsserver, and warm requests after an edit.
import { dirname } from 'node:path';
import type { Position, Project } from './projects.ts';
import { TsServer, type Response } from './tsserver.ts';

/** Completion preferences close to VS Code's defaults. */
const preferences = {
  includeCompletionsForModuleExports: true,
  includeCompletionsWithInsertText: true,
  includeCompletionsWithSnippetText: true,
  includeAutomaticOptionalChainCompletions: true,
  includeCompletionsWithClassMemberSnippets: true,
  includeCompletionsWithObjectLiteralMethodSnippets: true,
  allowIncompleteCompletions: true,
};

/** Latencies of one sample, ms. */
export interface Latencies {
  readonly quickinfoClient: number;
  readonly completion: number;
  readonly quickinfoResult: number;
  /** completionInfo where the operation is picked (kitgen: after `client.`; openapi-fetch: in the path string). */
  readonly operationList: number;
}

/** A cold sample: `openToQuickinfo` counts from `open` (project load included); the others are each request's own time after it. */
export interface ColdSample extends Latencies {
  readonly openToCompletion: number;
  readonly peakRssMb: number;
}

const timed = async (run: () => Promise<Response>): Promise<[number, Response]> => {
  const started = performance.now();
  const r = await run();
  return [performance.now() - started, r];
};

const quickinfo = (s: TsServer, p: Project, at: Position) => s.request('quickinfo', { file: p.file, ...at });
const completion = (s: TsServer, p: Project) =>
  s.request('completionInfo', { file: p.file, ...p.member, triggerCharacter: '.', triggerKind: 2 });
const operationList = (s: TsServer, p: Project) =>
  s.request('completionInfo', { file: p.file, ...p.operations, triggerCharacter: p.operationsTrigger, triggerKind: 2 });

/** Throws unless the list where an operation is picked holds the probe's operation. */
function checkOperationList(p: Project, r: Response): number {
  const entries = (r.body as { entries?: { name: string }[] } | undefined)?.entries ?? [];
  if (!entries.some((e) => e.name === p.expectedOperation))
    throw new Error(
      `bench:editor ${p.id}: the operation list has no ${p.expectedOperation} (${entries.length} entries)`,
    );
  return entries.length;
}

/** Throws unless a quickinfo answer names `name` (an empty answer is a failure, not a fast request). */
function checkQuickinfo(p: Project, r: Response, name: string): void {
  const display = (r.body as { displayString?: string } | undefined)?.displayString ?? '';
  if (!display.includes(name))
    throw new Error(`bench:editor ${p.id}: quickinfo on ${name} answered ${JSON.stringify(display.slice(0, 200))}`);
}

/** Throws unless the member list holds the expected member; returns the list's length. */
function checkCompletion(p: Project, r: Response): number {
  const entries = (r.body as { entries?: { name: string }[] } | undefined)?.entries ?? [];
  if (!entries.some((e) => e.name === p.expectedMember))
    throw new Error(
      `bench:editor ${p.id}: completionInfo after client. has no ${p.expectedMember} (${entries.length} entries)`,
    );
  return entries.length;
}

async function start(p: Project, maxMemoryMb: number): Promise<[TsServer, number]> {
  const s = new TsServer(maxMemoryMb);
  await s.request('configure', { preferences, hostInfo: 'kitgen bench:editor' });
  const started = performance.now();
  s.notify('open', { file: p.file, fileContent: p.text, projectRootPath: dirname(p.file), scriptKindName: 'TS' });
  return [s, started];
}

/** One cold start in a fresh tsserver: open, quickinfo on `client`, completionInfo after `client.`, quickinfo on `result`, the operation list. */
export async function coldSample(p: Project, maxMemoryMb: number): Promise<ColdSample> {
  const [s, opened] = await start(p, maxMemoryMb);
  try {
    const q = await quickinfo(s, p, p.client);
    const quickinfoClient = performance.now() - opened;
    checkQuickinfo(p, q, 'client');
    const [completionMs, c] = await timed(() => completion(s, p));
    const openToCompletion = performance.now() - opened;
    checkCompletion(p, c);
    const [quickinfoResult, r] = await timed(() => quickinfo(s, p, p.result));
    checkQuickinfo(p, r, 'result');
    const [operationListMs, o] = await timed(() => operationList(s, p));
    checkOperationList(p, o);
    return {
      quickinfoClient,
      completion: completionMs,
      openToCompletion,
      quickinfoResult,
      operationList: operationListMs,
      peakRssMb: s.peakRssMb(),
    };
  } finally {
    await s.close();
  }
}

/** A tsserver kept open on one project for warm requests, each after an edit of the probe file. */
export class WarmSession {
  private edits = 0;
  private constructor(
    private readonly server: TsServer,
    private readonly p: Project,
    /** How many members the completion list has (reported). */
    readonly members: number,
    /** How many entries the list where an operation is picked has (reported). */
    readonly operationCount: number,
  ) {}

  /** Starts tsserver on `p`, answers every request once and checks the probe file has no errors. */
  static async open(p: Project, maxMemoryMb: number): Promise<WarmSession> {
    const [s] = await start(p, maxMemoryMb);
    checkQuickinfo(p, await quickinfo(s, p, p.client), 'client');
    const members = checkCompletion(p, await completion(s, p));
    checkQuickinfo(p, await quickinfo(s, p, p.result), 'result');
    const operationCount = checkOperationList(p, await operationList(s, p));
    const diagnostics = (await s.request('semanticDiagnosticsSync', { file: p.file })).body as { text: string }[];
    if (diagnostics.length > 0)
      throw new Error(
        `bench:editor ${p.id}: the probe file does not type-check: ${diagnostics
          .map((d) => d.text)
          .join('; ')
          .slice(0, 1000)}`,
      );
    return new WarmSession(s, p, members, operationCount);
  }

  /** One warm sample: each request right after an edit (the checker starts again, the parsed files stay). */
  async sample(): Promise<Latencies> {
    this.edit();
    const [quickinfoClient, q] = await timed(() => quickinfo(this.server, this.p, this.p.client));
    checkQuickinfo(this.p, q, 'client');
    this.edit();
    const [completionMs, c] = await timed(() => completion(this.server, this.p));
    checkCompletion(this.p, c);
    this.edit();
    const [quickinfoResult, r] = await timed(() => quickinfo(this.server, this.p, this.p.result));
    checkQuickinfo(this.p, r, 'result');
    this.edit();
    const [operationListMs, o] = await timed(() => operationList(this.server, this.p));
    checkOperationList(this.p, o);
    return { quickinfoClient, completion: completionMs, quickinfoResult, operationList: operationListMs };
  }

  /** The tsserver's peak RSS so far, MB. */
  peakRssMb(): number {
    return this.server.peakRssMb();
  }

  /** Ends the tsserver. */
  close(): Promise<void> {
    return this.server.close();
  }

  /** Rewrites `export const edits = N;` with the next N, as typing in the file would. */
  private edit(): void {
    const old = `export const edits = ${this.edits};`;
    this.edits++;
    const line = this.p.editLine;
    this.server.notify('change', {
      file: this.p.file,
      line,
      offset: 1,
      endLine: line,
      endOffset: old.length + 1,
      insertString: `export const edits = ${this.edits};`,
    });
  }
}
