// Site configuration (src/wiki/config-file.ts) and how to serve it: the config file's `serve` section over defaults.
import { readConfigFile } from '../wiki/config-file.ts';
import { resolveServeOptions, type ServeOptions, type ServeOptionsInput } from './options.ts';

export { loadSiteConfig } from '../wiki/config-file.ts';

/** How to serve: the defaults, then the config file's `serve` and `sessions` sections, then the command line's flags. */
export function loadServeOptions(path: string | undefined, flags: ServeOptionsInput = {}): ServeOptions {
  const file = path ? readConfigFile(path) : undefined;
  const sessions = file?.sessions as ServeOptionsInput['sessions'] | undefined;
  return resolveServeOptions(file?.serve as ServeOptionsInput | undefined, sessions ? { sessions } : undefined, flags);
}
