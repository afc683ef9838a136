// The system Chromium the browser tests use, when this machine has one: CHROMIUM_PATH, else Debian's
// old headless shell (`apt-get install chromium-headless-shell`: the same engine without the desktop
// browser's windowing; the whole suite ran in 7.5 min with it against 9.1–10.0 min with
// /usr/bin/chromium, measured on this 2-core machine), else Debian's desktop Chromium.
// Undefined: none, Playwright's own browser is used.
import { existsSync } from 'node:fs';

const candidates = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export const systemChromium = candidates.find((path) => existsSync(path));
