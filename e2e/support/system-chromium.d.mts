/** The system Chromium's path, or undefined when this machine has none (see system-chromium.mjs). */
export declare const systemChromium: string | undefined;
