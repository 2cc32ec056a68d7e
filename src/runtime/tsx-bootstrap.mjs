// Starts a worker thread from TypeScript sources (when no bundle can be made): tsx first, then the worker's module.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
