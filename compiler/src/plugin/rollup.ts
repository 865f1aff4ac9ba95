import { kitgen } from './unplugin.ts';

export type { KitgenPluginOptions } from './options.ts';

/** The kitgen plugin for Rollup: `plugins: [kitgen({ input, out })]` (options as `kitgen generate`'s, over `kitgen.config.*`). */
const plugin: typeof kitgen.rollup = kitgen.rollup;
export default plugin;
