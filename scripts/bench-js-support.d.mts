// Types for the benchmark helpers (plain JavaScript, run by node without a build step), so their
// unit test type-checks.
export interface PageScript {
  file: string;
  bytes: number;
  gzipBytes: number;
}
export declare const root: string;
export declare const PUBLIC_PAGES: string[];
export declare const FORBIDDEN_MODULES: Array<{ name: string; pattern: RegExp }>;
export declare function buildDirsFromEnv(env?: NodeJS.ProcessEnv): string[];
export declare function ensureBuild(buildDir: string): void;
export declare function startBuildServer(buildDir: string): Promise<{ url: string; stop: () => Promise<void> }>;
export declare function scriptsInHtml(html: string): string[];
export declare function staticImports(code: string): string[];
export declare function pageScripts(html: string, readAsset: (file: string) => Buffer): PageScript[];
export declare function forbiddenIn(files: ReadonlyArray<{ file: string }>, chunkModules: Record<string, string[]>): string[];
export declare function packagesIn(files: ReadonlyArray<{ file: string }>, chunkModules: Record<string, string[]>): string[];
export declare function readChunkModules(buildDir: string): Record<string, string[]> | null;
export declare function measurePageJavaScript(server: { url: string }, pagePath: string): Promise<unknown>;
export declare const kb: (bytes: number) => string;
