// An esbuild plugin for the runtime's bundle (scripts/build-runtime.mjs): typebox's module-level
// Unicode regular expressions (`const RE_LETTER = /\p{L}/u;`, its IDNA tables, the idn-email
// pattern, the identifier check of its code emitter) are made on first use instead of when the
// bundle loads. V8 parses a pattern when its literal is evaluated, and these twenty-odd patterns
// with their ICU property tables cost every server's start ~6 ms (callgrind: ~15 M instructions
// of the bundle's ~190 M) for formats (`idn-email`, `idn-hostname`) that few schemas use.
//
// Only declarations at a module's top level are rewritten: whole-line `const NAME = /…/<flags
// with u>;`, and `const NAME = new RegExp(…);` (typebox composes its IDNA patterns that way).
// Each becomes a proxy that builds the RegExp (a literal from its text, so that not even the
// parser looks at the pattern) on first access and forwards every use (`test`, `exec`, `source`,
// `lastIndex`, `String.prototype.replace`) to it.

/** The virtual module holding `lazyRegExp`. */
const helperId = 'kitgen:lazy-regexp';

const helper = `export function lazyRegExp(make) {
  let made;
  const real = () => (made ??= make());
  return new Proxy(Object.create(RegExp.prototype), {
    get(_, key) {
      const re = real();
      const value = Reflect.get(re, key, re);
      return typeof value === 'function' ? value.bind(re) : value;
    },
    set(_, key, value) {
      return Reflect.set(real(), key, value);
    },
  });
}
`;

const declaration = /^(export )?const (\w+) = (\/.+\/[dgimsvy]*u[dgimsvy]*);$/gm;
/** A module-level `const NAME = new RegExp(…);`, on one line or several (up to the first line ending in `);`). */
const composed = /^(export )?const (\w+) = (new RegExp\([\s\S]*?\));$/gm;

/**
 * The plugin. `counter.rewritten` counts the declarations it made lazy, so the build can fail when
 * a typebox upgrade changes their shape and the start silently pays for them again.
 * @param {{ rewritten: number }} counter
 * @returns {import('esbuild').Plugin}
 */
export function lazyUnicodeRegExps(counter) {
  return {
    name: 'lazy-unicode-regexps',
    setup(build) {
      build.onResolve({ filter: /^kitgen:lazy-regexp$/ }, () => ({ path: helperId, namespace: 'kitgen' }));
      build.onLoad({ filter: /.*/, namespace: 'kitgen' }, () => ({ contents: helper, loader: 'js' }));
      build.onLoad({ filter: /[\\/]node_modules[\\/]typebox[\\/]build[\\/].*\.mjs$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const source = await readFile(args.path, 'utf8');
        let count = 0;
        let contents = source.replace(declaration, (_, exported = '', name, literal) => {
          count++;
          // The pattern as a string: V8 checks a literal's syntax, ICU tables included, while it
          // parses the file, even inside a function it has not compiled yet.
          const end = literal.lastIndexOf('/');
          const pattern = JSON.stringify(literal.slice(1, end));
          const flags = JSON.stringify(literal.slice(end + 1));
          return `${exported}const ${name} = /* @__PURE__ */ lazyRegExp(() => new RegExp(${pattern}, ${flags}));`;
        });
        // Patterns built from others (`new RegExp([RE_A, RE_B].map((r) => r.source).join('|'), 'u')`)
        // would make those at load too; they are made on first use as well.
        contents = contents.replace(composed, (_, exported = '', name, expression) => {
          count++;
          return `${exported}const ${name} = /* @__PURE__ */ lazyRegExp(() => ${expression});`;
        });
        if (count === 0) return undefined;
        counter.rewritten += count;
        // At the end, so the module's lines keep their numbers in the source map (imports hoist).
        return { contents: `${contents}\nimport { lazyRegExp } from '${helperId}';\n`, loader: 'js' };
      });
    },
  };
}
