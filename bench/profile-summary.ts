// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by file, top entries.
//   node --import tsx bench/profile-summary.ts /tmp/wq-prof/*.cpuprofile [--top 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' } } });

const byFunction = new Map<string, number>();
/** Time with callees, each function counted once per sample however deep its recursion. */
const inclusive = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)!;
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\/.*?\/work\/main\//, '').replace(/^file:\/\//, '');
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = nodes.get(at)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^file:\/\/.*?\/work\/main\//, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
    byFile.set(where || functionName, (byFile.get(where || functionName) ?? 0) + dt);
    total += dt;
  });
}

function show(title: string, m: Map<string, number>): void {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}
show('self time by function', byFunction);
show('self time by file', byFile);
show('time with callees', inclusive);
