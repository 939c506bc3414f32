// Types for scripts/free-port.mjs, so the TypeScript scripts and tests that import it type-check.
export declare function freePort(): Promise<number>;
