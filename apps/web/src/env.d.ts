/// <reference types="vite/client" />

/** Id of the running build, defined by the `closia:build-version` plugin (vite.config.ts); `dev` in development. */
declare const __BUILD_ID__: string;
