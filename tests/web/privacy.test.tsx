import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { supabase } from '../../src/api/client';
import { COMPANY } from '../../src/config/company';
import { FaqView } from '../../src/features/content/FaqView';
import { PrivacyView } from '../../src/features/content/PrivacyView';
import { BROWSER_STORAGE } from '../../src/features/content/privacyData';
import { activateAllCatalogs, i18n } from '../../src/i18n/i18n';
import { render } from './support';

/** Every source file of the storefront (what runs in the browser). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('privacy page: what the browser stores', () => {
  it("lists every npng.* key the storefront's code uses, and supabase-js's session key", () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles('src'), ...sourceFiles('machines'), 'index.html']) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`](npng\.[A-Za-z0-9.]+)['"`]/g)) used.add(key);
    }
    const listed = new Set(BROWSER_STORAGE.map((item) => item.name));
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const key of used) expect(listed, `${key} is stored but not on the privacy page`).toContain(key);
    // supabase-js keeps the session under sb-<project>-auth-token (and its PKCE verifier beside it).
    expect(supabase().storageKey).toMatch(/^sb-.+-auth-token$/);
    expect(listed).toContain('sb-…-auth-token');
    expect(listed).toContain('sb-…-auth-token-code-verifier');
    // The language cookie the server reads (src/entry-server.tsx).
    expect(BROWSER_STORAGE.filter((item) => item.where === 'cookie').map((item) => item.name)).toEqual(['npng.lang']);
  });

  it('shows each item with where, purpose and lifetime; no tracking, the third parties, the rights and how to use them', () => {
    render(<PrivacyView />);
    const table = within(screen.getByRole('region', { name: 'What your browser stores' })).getByRole('table');
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toHaveLength(BROWSER_STORAGE.length);
    expect(rows[0]).toEqual(['npng.cart.v1', 'Local storage', 'Your shopping cart: the items, sizes and quantities you added.', 'Until you empty the cart or pay for it.']);
    expect(rows.find((row) => row[1] === 'Cookie')).toEqual(['npng.lang', 'Cookie', 'The same language choice, so the server sends your first page in it.', '1 year.']);
    expect(screen.getByRole('heading', { name: 'No tracking, no cookie banner' })).toBeTruthy();
    expect(screen.getByText(/§ 25 \(2\) no\. 2 TDDDG/)).toBeTruthy();
    const contacted = screen.getByRole('heading', { name: 'Who your browser talks to' }).nextElementSibling as HTMLElement;
    expect(
      within(contacted)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Our backend', 'The country lookup:', 'Stripe:']);
    expect(screen.getByText(/a hash of the IP address you confirmed from/)).toBeTruthy();
    const rights = screen.getByRole('heading', { name: 'How to use your rights' }).nextElementSibling as HTMLElement;
    expect(within(rights).getByRole('link', { name: 'your account' }).getAttribute('href')).toBe('/account');
    expect(within(rights).getByRole('link', { name: COMPANY.privacyEmail }).getAttribute('href')).toBe(`mailto:${COMPANY.privacyEmail}`);
    for (const right of ['Access and portability:', 'Rectification:', 'Erasure:', 'Objection and withdrawing consent:', 'Complaint:']) {
      expect(within(rights).getByText(right)).toBeTruthy();
    }
  });

  it('in German: the table, the § 25 TDDDG statement and the rights, in the Du voice', async () => {
    await activateAllCatalogs('de');
    try {
      render(<PrivacyView />);
      expect(screen.getByRole('heading', { name: 'Was Dein Browser speichert' })).toBeTruthy();
      expect(screen.getByText(/§ 25 Abs\. 2 Nr\. 2 TDDDG/)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'So nutzt Du Deine Rechte' })).toBeTruthy();
      expect(screen.getAllByText('Bis Du den Tab schließt.', { selector: 'td' })).toHaveLength(2);
      expect(screen.getAllByText('Session Storage (dieser Tab)', { selector: 'td' })).toHaveLength(2);
    } finally {
      cleanup();
      i18n.activate('en');
    }
  });

  it("the FAQ's newsletter answer describes the double opt-in", () => {
    render(<FaqView />);
    const answer = screen.getByText(/we send you an email with a confirmation link, and only once you click it are you subscribed/);
    expect(within(answer).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
  });
});
