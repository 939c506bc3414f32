// Plain JavaScript entry of the analysis worker thread: it loads tsx in this thread (Node 20 does
// not pass the parent's loader to workers, nor honour --import in a worker's execArgv), then runs
// the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
