import { describe, expect, it } from 'vitest';
import { displayHost, isSafeHttpUrl, socialPlatform } from './social-links';

describe('socialPlatform', () => {
  it('recognises the platforms by domain, subdomains included', () => {
    expect(socialPlatform('https://www.linkedin.com/in/lina')).toBe('linkedin');
    expect(socialPlatform('https://fr.linkedin.com/in/lina')).toBe('linkedin');
    expect(socialPlatform('https://instagram.com/lina')).toBe('instagram');
    expect(socialPlatform('https://youtu.be/abc')).toBe('youtube');
    expect(socialPlatform('https://www.tiktok.com/@lina')).toBe('tiktok');
    expect(socialPlatform('https://twitter.com/lina')).toBe('x');
    expect(socialPlatform('https://x.com/lina')).toBe('x');
    expect(socialPlatform('https://m.facebook.com/lina')).toBe('facebook');
  });

  it('falls back to a plain link for other or look-alike domains', () => {
    expect(socialPlatform('https://monsite.fr')).toBe('link');
    expect(socialPlatform('https://notlinkedin.com/in/x')).toBe('link');
    expect(socialPlatform('pas une url')).toBe('link');
  });
});

describe('link helpers', () => {
  it('shows the host without www and accepts only http(s)', () => {
    expect(displayHost('https://www.monsite.fr/a')).toBe('monsite.fr');
    expect(isSafeHttpUrl('https://monsite.fr')).toBe(true);
    expect(isSafeHttpUrl('javascript:alert(1)')).toBe(false);
  });
});
