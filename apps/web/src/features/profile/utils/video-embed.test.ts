import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video-embed';

describe('videoEmbed', () => {
  it('embeds YouTube through youtube-nocookie, whatever the address form', () => {
    const embed = { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toEqual(embed);
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?si=x')).toEqual(embed);
    expect(videoEmbed('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(embed);
    expect(videoEmbed('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(embed);
  });

  it('embeds Loom share links', () => {
    expect(videoEmbed('https://www.loom.com/share/0123456789abcdef0123456789abcdef')).toEqual({
      kind: 'loom',
      embedUrl: 'https://www.loom.com/embed/0123456789abcdef0123456789abcdef',
    });
  });

  it('keeps anything else as a plain link, and ignores what is not an http(s) URL', () => {
    expect(videoEmbed('https://vimeo.com/123')).toEqual({ kind: 'link', url: 'https://vimeo.com/123' });
    expect(videoEmbed('https://www.youtube.com/channel/abc')).toEqual({
      kind: 'link',
      url: 'https://www.youtube.com/channel/abc',
    });
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('')).toBeNull();
    expect(videoEmbed(null)).toBeNull();
  });
});
