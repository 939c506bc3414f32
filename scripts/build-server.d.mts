// Types for scripts/build-server.mjs, so the tests that build with it type-check.
export declare const serverBundlePath: string;
export declare const OPERATOR_COMMANDS: string[];
export declare function buildServerEntry(dir: string): Promise<string>;
export declare function buildServer(): Promise<string>;
