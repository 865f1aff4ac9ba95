// Every internal symbol key of the runtime, in one place (as Fastify's lib/symbols.js): a key
// is a contract between two modules, and one list shows which contracts exist.

/** Request attribute carrying the per-routes config set by `CodecConfig.withConfig`. */
export const CodecConfigKey: unique symbol = Symbol('kitgen.codecConfig');

/** @internal Request attribute holding the upgrade slot of a WebSocket upgrade request (websocket/WebSocketApp.ts). */
export const UpgradeKey: unique symbol = Symbol('kitgen.webSocketUpgrade');

/** @internal Marks a socket whose client error the server has already answered (server/clientError.ts). */
export const ClientErrorAnsweredKey: unique symbol = Symbol('kitgen.clientErrorAnswered');

/** Where a validator refinement keeps what the first-error walker needs to descend into it. */
export const ValidatorWalkKey: unique symbol = Symbol('kitgen.validator.walk');

/** @internal Request attribute holding the application's error hook, set by the routes' top (routing/errorFunnel.ts). */
export const ErrorHookKey: unique symbol = Symbol('kitgen.errorHook');
