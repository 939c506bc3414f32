import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder. Correct both from source (server/paths.ts) and from the bundled server
 * (BUILD_DIR/server-app.js): each sits one level below the root.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const buildDir = () => path.resolve(projectRoot, process.env.BUILD_DIR ?? 'build');
