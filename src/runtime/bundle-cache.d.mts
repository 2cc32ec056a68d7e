// Types of bundle-cache.mjs (plain JavaScript: main-bundle.mjs uses it before tsx is loaded).
import type { BuildOptions, BuildResult, Plugin } from 'esbuild';

export declare const PROJECT: string;
export declare function bundleFile(name: string): string;
export declare function bundleOptions(entry: string): BuildOptions & { metafile: true; write: false };
export declare function isFresh(out: string): boolean;
export declare function keepBundle(out: string, result: BuildResult<{ metafile: true; write: false }>): void;
/** esbuild plugin: every `import.meta.url` of a source file written as that file's URL (needs esbuild.build, not buildSync). */
export declare const sourceUrls: Plugin;
