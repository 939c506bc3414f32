// The feed expansion worker's entry when the server runs from source (development, tests): it loads
// tsx in this thread, then the TypeScript worker. The production build runs
// build/feed-expansion-worker.js instead (feed-expansion.ts picks).
import { register } from 'tsx/esm/api';

register();
await import('./feed-expansion-worker.ts');
