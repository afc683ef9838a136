import { describe, expect, it } from 'vitest';
import { activeHeadingId } from './toc';

const LINE = 96;
const at = (...tops: number[]) => tops.map((top, index) => ({ id: `h${index + 1}`, top }));

describe('the heading being read', () => {
  it('is the first one while the reader is above every heading (the introduction)', () => {
    expect(activeHeadingId(at(300, 900, 1500), LINE)).toBe('h1');
  });

  it('is the last heading that has reached the reading line', () => {
    expect(activeHeadingId(at(-600, 40, 700), LINE)).toBe('h2');
    expect(activeHeadingId(at(-1200, -400, -20), LINE)).toBe('h3');
  });

  it('counts a heading scrolled exactly to the line (a click on the contents), with a pixel of slack', () => {
    expect(activeHeadingId(at(-300, 96, 800), LINE)).toBe('h2');
    expect(activeHeadingId(at(-300, 96.8, 800), LINE)).toBe('h2');
    expect(activeHeadingId(at(-300, 98, 800), LINE)).toBe('h1');
  });

  it('is null without headings', () => {
    expect(activeHeadingId([], LINE)).toBeNull();
  });
});
