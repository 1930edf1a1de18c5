/** Types of build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader). */
export declare const ROOT_DIR: string;
export declare const SERVER_BUNDLE: string;
export declare function sourcesFingerprint(root?: string, inputs?: readonly string[]): string;
export declare function buildNeeded(root?: string): "missing" | "changed" | null;
export declare function build(): Promise<void>;
