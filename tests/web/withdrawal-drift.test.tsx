import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WithdrawalView } from '../../src/features/content/WithdrawalView';
import { activateAllCatalogs, i18n } from '../../src/i18n/i18n';
import { withdrawalBlocks } from '../../supabase/functions/_shared/withdrawal-information.ts';
import { render } from './support';

/**
 * The order confirmation e-mail carries the withdrawal information and the model form from
 * supabase/functions/_shared/withdrawal-information.ts (§ 312f (2) BGB, ADR 0025); the page
 * /withdrawal shows them from its Lingui catalogues. Both must say the same words, so this renders
 * the page in each language and compares every heading, paragraph and form line, in order.
 */
const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The statutory text of the page: the headings, paragraphs and list items of its prose, in order. */
function pageBlocks(): string[] {
  const prose = screen.getByRole('heading', { level: 2, name: /^(Withdrawal information|Widerrufsbelehrung)$/ }).parentElement as HTMLElement;
  return [...prose.querySelectorAll('h2, h3, p, li')].map((el) => normalise(el.textContent));
}

afterEach(() => {
  cleanup();
  i18n.activate('en');
});

describe('the withdrawal information of the e-mail is the page’s', () => {
  it.each(['en', 'de'] as const)('%s: every block of the module is on /withdrawal, and nothing else', async (lang) => {
    await activateAllCatalogs(lang);
    render(<WithdrawalView />);
    const page = normalise(document.body.textContent);
    const blocks = withdrawalBlocks(lang).map(normalise);
    for (const block of blocks) expect(page).toContain(block);
    // The same blocks in the same order: a paragraph added to the page must reach the e-mail too.
    expect(pageBlocks()).toEqual(blocks);
  });
});
