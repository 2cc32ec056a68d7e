// The SQLite extension that lets a deadline interrupt a query (interrupt.c), compiled with the
// system's C compiler on first use and kept in node_modules/.cache, one file per source version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type NativeExtension = { path: string } | { error: string };

/** The function SQLite calls when loading the extension (its default name for interrupt.so). */
export const INTERRUPT_ENTRY_POINT = 'sqlite3_interrupt_init';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE = fileURLToPath(new URL('./interrupt.c', import.meta.url));
const CACHE = join(PROJECT, 'node_modules', '.cache', 'wikiquery-native');
const COMPILER_FLAGS = ['-O2', '-shared', '-fPIC'];

let built: NativeExtension | undefined;

/**
 * The compiled extension's path, or why there is none. Built once per process; WIKIQUERY_NO_NATIVE=1
 * turns it off (read at every call, so a test can try both ways in one process).
 */
export function interruptExtension(): NativeExtension {
  if (process.env.WIKIQUERY_NO_NATIVE === '1') return { error: 'turned off by WIKIQUERY_NO_NATIVE=1' };
  built ??= build();
  return built;
}

function build(): NativeExtension {
  try {
    const headers = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
    const hash = createHash('sha256')
      .update(readFileSync(SOURCE))
      .update(readFileSync(join(headers, 'sqlite3ext.h')))
      .update(readFileSync(join(headers, 'sqlite3.h')))
      .update(`${process.platform} ${process.arch} ${COMPILER_FLAGS.join(' ')}`)
      .digest('hex')
      .slice(0, 16);
    const out = join(CACHE, `interrupt-${hash}.so`);
    if (existsSync(out)) return { path: out };
    try {
      mkdirSync(CACHE, { recursive: true });
      accessSync(CACHE, constants.W_OK);
    } catch (e) {
      return { error: `cannot write the compiled extension to ${CACHE}: ${message(e)}` };
    }
    // Compiled aside and renamed: a process starting at the same moment never loads half a file,
    // and two racing builds write the same bytes.
    const temporary = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      execFileSync('cc', [...COMPILER_FLAGS, `-I${headers}`, SOURCE, '-o', temporary, '-lpthread'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    } catch (e) {
      rmSync(temporary, { force: true });
      const failure = e as NodeJS.ErrnoException & { stderr?: string };
      if (failure.code === 'ENOENT') return { error: 'no C compiler: `cc` was not found on the PATH' };
      return { error: `compiling ${SOURCE} failed: ${failure.stderr?.trim() || message(e)}` };
    }
    renameSync(temporary, out);
    return { path: out };
  } catch (e) {
    return { error: `cannot build the interrupt extension: ${message(e)}` };
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
