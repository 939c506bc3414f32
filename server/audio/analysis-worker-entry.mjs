// The analysis worker's entry when the server runs from source (development, tests): it loads tsx
// in this thread, then the TypeScript worker. The production build runs build/analysis-worker.js,
// bundled JavaScript, instead (analysis-thread.ts picks), so tsx is only a development dependency.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
