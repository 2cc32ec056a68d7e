// Debian's python3-mwclient driven by the end-to-end tests: a Python that imports it, and a script
// of test/e2e (built on mwclient_steps.py) run against a running wikiquery, whose report of every
// step's outcome the test then checks.
import { execFile, spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import type { Json } from './fixture-wiki.ts';

/**
 * A Python that imports mwclient: Debian's own first, since python3-mwclient installs into
 * /usr/lib/python3/dist-packages, which another python3 earlier on PATH (pyenv) does not read.
 */
export function findPythonWithMwclient(): { python: string } | { missing: string } {
  const tried: string[] = [];
  for (const python of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(python, ['-c', 'import mwclient; print(mwclient.__version__)'], { encoding: 'utf8', timeout: 10_000 });
    if (probe.status === 0) return { python };
    tried.push(`${python}: ${probe.error ? probe.error.message : (probe.stderr.trim().split('\n').pop() ?? `exit ${probe.status}`)}`);
  }
  return { missing: `mwclient cannot be imported (apt-get install python3-mwclient; .ci/run installs it): ${tried.join('; ')}` };
}

/** One step of a script: its value, or the error mwclient raised. */
export interface MwclientStep {
  ok: boolean;
  value?: Json;
  error?: { type: string; message: string; code?: string; info?: string };
  seconds: number;
}

/** Runs `script` against the wiki whose api.php is at `apiUrl`; it is killed after `seconds`. */
export function runMwclientScript(
  python: string,
  script: string,
  apiUrl: string,
  seconds: number,
): Promise<{ mwclient: string; steps: Record<string, MwclientStep> }> {
  const url = new URL(apiUrl);
  const scriptPath = url.pathname.replace(/api\.php$/, '');
  return new Promise((resolve, reject) => {
    execFile(python, [script, url.hostname, url.port, scriptPath], { timeout: seconds * 1000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${basename(script)} did not finish (${error.killed ? `killed after ${seconds} s` : error.message}): ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}
