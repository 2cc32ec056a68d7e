// Site configuration (src/wiki/config-file.ts) and how to serve it: the config file's `serve` section over defaults.
import { readConfigFile } from '../wiki/config-file.ts';
import { resolveServeOptions, type ServeOptions, type ServeOptionsInput } from './options.ts';

export { loadSiteConfig } from '../wiki/config-file.ts';

/** How to serve: the defaults, then the config file's `serve` section, then the command line's flags. */
export function loadServeOptions(path: string | undefined, flags: ServeOptionsInput = {}): ServeOptions {
  return resolveServeOptions(path ? (readConfigFile(path).serve as ServeOptionsInput | undefined) : undefined, flags);
}
