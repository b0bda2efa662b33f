import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { globToRegExp, isAllowedRedirect, resolveRedirect, withFragment } from './redirect.ts';

const config = loadConfig({}, { siteUrl: 'http://localhost:5173', redirectAllowList: ['https://*.nopain.test/**', 'myapp://auth/*'] });

describe('redirect allow-list', () => {
  it('matches globs as GoTrue does: * within a label or segment, ** across', () => {
    expect(globToRegExp('https://*.example.com/**').test('https://shop.example.com/a/b')).toBe(true);
    expect(globToRegExp('https://*.example.com/**').test('https://a.b.example.com/a')).toBe(false);
    expect(globToRegExp('http://localhost:3000/*').test('http://localhost:3000/x/y')).toBe(false);
    expect(globToRegExp('http://localhost:300?').test('http://localhost:3001')).toBe(true);
    expect(globToRegExp('https://example.com').test('https://example.com.evil.test')).toBe(false);
  });

  it('allows the site origin and allow-listed URLs only', () => {
    expect(isAllowedRedirect('http://localhost:5173/account?x=1', config)).toBe(true);
    expect(isAllowedRedirect('https://de.nopain.test/konto', config)).toBe(true);
    expect(isAllowedRedirect('myapp://auth/callback', config)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5173.evil.test/', config)).toBe(false);
    expect(isAllowedRedirect('http://user:pw@localhost:5173/', config)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', config)).toBe(false);
    expect(isAllowedRedirect('/relative', config)).toBe(false);
  });

  it('falls back to the site URL', () => {
    expect(resolveRedirect('https://evil.test', config)).toBe('http://localhost:5173');
    expect(resolveRedirect(null, config)).toBe('http://localhost:5173');
    expect(resolveRedirect('http://localhost:5173/orders', config)).toBe('http://localhost:5173/orders');
  });

  it('replaces the fragment with form-encoded parameters', () => {
    expect(withFragment('http://localhost:5173/a?b=1#old', { error: 'access_denied', error_description: 'Email link is invalid' })).toBe(
      'http://localhost:5173/a?b=1#error=access_denied&error_description=Email+link+is+invalid',
    );
  });
});
