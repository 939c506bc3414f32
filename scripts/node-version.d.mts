// Types for scripts/node-version.mjs (plain JavaScript an old Node can parse), so its test type-checks.
export declare function readPackageJson(): { version: string; engines: { node: string } };
export declare function satisfies(version: string, range: string): boolean;
export declare function describeRange(range: string): string;
export declare function nodeVersionProblem(version?: string, range?: string): string | null;
export declare function exitUnlessSupportedNode(): void;
