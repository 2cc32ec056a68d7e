// Fails when a file imports against the layering or when files import each other in a cycle.
//
//   node --import tsx scripts/check-dependencies.ts        (exit 1 and a list of problems)
//
// The layers, top to bottom (ARCHITECTURE.md): the command line (src/cli.ts) may use everything;
// server -> api and modules -> (wiki, store); import -> (wiki, store); store -> wiki; wiki stands
// alone. Query modules plug into the api layer (they import its contract: declarations, the run,
// errors), so the api layer never imports a module: the registry is handed to it by the server.
// Type-only imports count: a type from a higher layer ties the lower one to it just the same.
// A worker entry named by `new URL('./x.ts', import.meta.url)` is started, not imported, and is
// not an edge.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE_FILE = /\.(ts|mts|mjs)$/;

/** What each top-level part of src/ may import besides itself. */
export const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  'cli.ts': ['server', 'api', 'modules', 'import', 'store', 'wiki', 'runtime'],
  server: ['api', 'modules', 'store', 'wiki', 'runtime'],
  modules: ['api', 'store', 'wiki'],
  api: ['store', 'wiki'],
  import: ['store', 'wiki', 'runtime'],
  store: ['wiki'],
  wiki: [],
  runtime: [],
};

export interface DependencyProblem {
  kind: 'wrong-way' | 'cycle' | 'unknown-part' | 'missing';
  message: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE_FILE.test(name) && !name.endsWith('.d.mts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Relative imports of a file (static, type-only, re-exports and dynamic `import()`), as paths under src. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    targets.push(normalize(join(dirname(file), ref.fileName)));
  }
  return targets;
}

function partOf(srcDir: string, file: string): string {
  return relative(srcDir, file).split(/[\\/]/)[0]!;
}

/** Strongly connected groups of more than one file (Tarjan), each sorted, in a stable order. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** Every layering and cycle problem of the source tree under `srcDir`. */
export function checkDependencies(srcDir: string): DependencyProblem[] {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const problems: DependencyProblem[] = [];
  const show = (file: string) => relative(join(srcDir, '..'), file);
  for (const file of files) {
    const part = partOf(srcDir, file);
    const allowed = ALLOWED_IMPORTS[part];
    if (!allowed) problems.push({ kind: 'unknown-part', message: `${show(file)}: src/${part} is not in the layering (scripts/check-dependencies.ts)` });
    const edges: string[] = [];
    for (const target of importsOf(file)) {
      // Sources import each other by their .ts name; a .js name points at the .ts file.
      const resolved = known.has(target) ? target : target.replace(/\.js$/, '.ts');
      if (!resolved.startsWith(srcDir)) continue;
      if (!known.has(resolved)) {
        if (SOURCE_FILE.test(resolved)) problems.push({ kind: 'missing', message: `${show(file)} imports ${show(resolved)}, which does not exist` });
        // Data files (JSON) still belong to a part: check the layer, not the cycle.
      } else {
        edges.push(resolved);
      }
      const targetPart = partOf(srcDir, resolved);
      if (allowed && targetPart !== part && !allowed.includes(targetPart)) {
        problems.push({ kind: 'wrong-way', message: `${show(file)} (${part}) imports ${show(resolved)} (${targetPart})` });
      }
    }
    graph.set(file, edges);
  }
  for (const group of cycles(graph)) {
    problems.push({ kind: 'cycle', message: `import cycle: ${group.map(show).join(', ')}` });
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const problems = checkDependencies(srcDir);
  for (const problem of problems) console.log(`${problem.kind}: ${problem.message}`);
  if (problems.length > 0) {
    console.log(`${problems.length} dependency problem(s)`);
    process.exitCode = 1;
  } else {
    console.log('dependencies run one way; no import cycles');
  }
}
