// A minimal webpack loader for the plugin tests: TypeScript to JavaScript with esbuild's
// transformSync (types stripped, nothing else), so webpack bundles the test project without ts-loader.
const { transformSync } = require('esbuild');

module.exports = function esbuildTsLoader(source) {
  return transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: this.resourcePath }).code;
};
