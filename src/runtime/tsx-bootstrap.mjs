// Starts an importer worker thread: loads the TypeScript sources through tsx, then the worker's module.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
