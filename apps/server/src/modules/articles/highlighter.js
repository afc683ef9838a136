// The code highlighter of the articles' pipeline (markdown-pipeline.ts), in JavaScript: highlight.js's
// type declarations pull the DOM library into the whole TypeScript program (`/// <reference lib="dom" />`),
// which the server's code must not see. Its types are highlighter.d.ts.
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import rehypeHighlight from 'rehype-highlight';

/** The languages a code block may name (```ts); any other is left as plain text. */
const languages = { bash, css, javascript, json, markdown, plaintext, python, sql, typescript, xml, yaml };
const aliases = {
  bash: ['sh', 'shell', 'zsh'],
  javascript: ['js', 'jsx'],
  typescript: ['ts', 'tsx'],
  xml: ['html', 'svg'],
  markdown: ['md'],
  yaml: ['yml'],
  plaintext: ['text', 'txt'],
};

/** rehype-highlight with those languages, no guessing: a plugin list for `unified().use(...)`. */
export const highlighter = [[rehypeHighlight, { languages, aliases, detect: false }]];
