// Types of build-stamp.mjs (plain JavaScript: `npm start` runs it before anything is built).
export declare const STAMP_FILE: string;
export declare const INPUTS: string[];
export declare const OUTPUTS: string[];
export declare function scanInputs(root: string): {
  newest: { path: string | null; mtimeMs: number };
  files: number;
  fingerprint: string;
};
export declare function buildStatus(root: string): { upToDate: boolean; reason: string };
export declare function startBuild(root: string): () => void;
