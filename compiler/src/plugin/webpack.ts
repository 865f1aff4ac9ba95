import { kitgen } from './unplugin.ts';

export type { KitgenPluginOptions } from './options.ts';

/** The kitgen plugin for webpack: `plugins: [kitgen({ input, out })]` (options as `kitgen generate`'s, over `kitgen.config.*`). */
const plugin: typeof kitgen.webpack = kitgen.webpack;
export default plugin;
