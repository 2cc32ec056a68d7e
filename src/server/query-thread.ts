// A query thread: its own connection and API over the wiki, running the requests the event loop
// hands over (see query-threads.ts). It is a composition root of its own: it hands the query
// modules to the api layer, as the serving process does.
import { parentPort, workerData } from 'node:worker_threads';
import { createApi, type Api } from '../api/api.ts';
import { ApiRequest } from '../api/request.ts';
import { queryModules } from '../modules/index.ts';
import { openSqliteStore } from '../store/sqlite/index.ts';
import { runRequest } from './run-request.ts';
import { openThreadSessions } from './sessions.ts';
import type { FromThread, QueryThreadInit, ThreadOutcome, ToThread } from './query-thread-messages.ts';

const { init } = workerData as { init: QueryThreadInit };
const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);

let api: Api;
try {
  const sessions = init.sessions ? await openThreadSessions(init.sessions) : undefined;
  api = await createApi(init.site, openSqliteStore(init.dbPath), queryModules, { sessions });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'failed', error: e instanceof Error ? e.message : String(e) });
  throw e;
}

port.on('message', (message: ToThread) => {
  void run(message);
});

async function run(message: ToThread): Promise<void> {
  let outcome: ThreadOutcome;
  try {
    const result = await runRequest(api, ApiRequest.fromTransfer(message.request), message.remainingMs, null);
    if (result.kind === 'answer') outcome = result;
    else if (result.kind === 'busy') outcome = { kind: 'busy' };
    else outcome = { kind: 'timeout', ended: false };
  } catch (e) {
    outcome = { kind: 'failed', error: e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e) };
  }
  post({ type: 'done', id: message.id, outcome });
}
