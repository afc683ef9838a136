import type { PluggableList } from 'unified';

/** rehype-highlight and its options (highlighter.js). */
export declare const highlighter: PluggableList;
