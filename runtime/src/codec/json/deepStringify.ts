// JSON.stringify recurses on the native stack and throws a RangeError a few thousand levels down
// (about 4,100 on Node 20's default stack), while a JSON body the codec accepted may be nested
// as deep as CodecConfig's maxDepth allows. `stringifyJson` keeps JSON.stringify for every
// value it can write and writes the rest with a walk that keeps its own stack, to the same text.

const isStackOverflow = (error: unknown) => error instanceof RangeError && /call stack/i.test(error.message);

/** `JSON.stringify(value)`, also for values nested deeper than JSON.stringify's own recursion reaches. */
export function stringifyJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return stringifyWithoutRecursion(value);
  }
}

interface Frame {
  readonly container: object;
  readonly keys: readonly string[] | undefined;
  index: number;
  wrote: boolean;
}

/** What JSON.stringify writes for a value before descending: `toJSON`'s result, boxed primitives unboxed. */
function prepared(key: string, value: unknown): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key);
  }
  if (value instanceof Number) return Number(value);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return value.valueOf();
  return value;
}

/** The text of a value that holds nothing further, or undefined where JSON.stringify writes nothing. */
function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      // As JSON.stringify does.
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return value === null ? 'null' : undefined;
  }
}

/** The JSON.stringify algorithm (no replacer, no indentation) with a stack of its own: the same text at any depth. */
export function stringifyWithoutRecursion(root: unknown): string | undefined {
  const start = prepared('', root);
  if (typeof start !== 'object' || start === null) return scalarText(start);
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  const enter = (container: object) => {
    if (open.has(container)) throw new TypeError('Converting circular structure to JSON');
    open.add(container);
    const isArray = Array.isArray(container);
    stack.push({ container, keys: isArray ? undefined : Object.keys(container), index: 0, wrote: false });
    parts.push(isArray ? '[' : '{');
  };
  enter(start);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const { container, keys } = frame;
    const length = keys === undefined ? (container as unknown[]).length : keys.length;
    if (frame.index >= length) {
      parts.push(keys === undefined ? ']' : '}');
      open.delete(container);
      stack.pop();
      continue;
    }
    const key = keys === undefined ? String(frame.index) : keys[frame.index];
    frame.index++;
    const value = prepared(key, (container as Record<string, unknown>)[key]);
    const isContainer = typeof value === 'object' && value !== null;
    const text = isContainer ? undefined : scalarText(value);
    if (keys !== undefined && !isContainer && text === undefined) continue;
    const separator = frame.wrote ? ',' : '';
    frame.wrote = true;
    parts.push(keys === undefined ? separator : `${separator}${JSON.stringify(key)}:`);
    if (isContainer) enter(value);
    else parts.push(text ?? 'null');
  }
  return parts.join('');
}
