import { describe, expect, it } from 'vitest';
import { type BackInStockEmail, renderBackInStockEmail } from './back-in-stock-email.ts';

const SITE = 'http://localhost:5173';
const CONFIRM = 'c0'.repeat(32);
const UNSUB = 'd1'.repeat(32);
const mail = (over: Partial<BackInStockEmail> = {}): BackInStockEmail => ({
  id: '1b7e8f4a-0000-4000-8000-000000000001',
  kind: 'confirm',
  email: 'fan@example.com',
  locale: 'en',
  confirmToken: CONFIRM,
  unsubscribeToken: UNSUB,
  slug: 'iron-tee',
  title: 'Iron Tee',
  size: 'M',
  color: 'Black',
  ...over,
});

describe('renderBackInStockEmail', () => {
  it('the confirmation: what was asked, the confirm link and its 48 hours, nothing without a click, the unsubscribe link', () => {
    const rendered = renderBackInStockEmail(mail(), `${SITE}/`);
    expect(rendered.to).toBe('fan@example.com');
    expect(rendered.subject).toBe("Please confirm: we'll tell you when Iron Tee (M / Black) is back");
    expect(rendered.text).toContain(`${SITE}/back-in-stock/confirm?token=${CONFIRM}`);
    expect(rendered.text).toContain(`${SITE}/back-in-stock/unsubscribe?token=${UNSUB}`);
    expect(rendered.text).toContain('48 hours');
    expect(rendered.text).toContain('nothing happens without your click');
    expect(rendered.html).toContain(`href="${SITE}/back-in-stock/confirm?token=${CONFIRM}"`);
    expect(rendered.html).toContain('<html lang="en">');
  });

  it('the notification in German: the product link, once, the unsubscribe link, no confirm link', () => {
    const rendered = renderBackInStockEmail(mail({ kind: 'notify', locale: 'de', confirmToken: null, title: 'Laufshirt' }), SITE);
    expect(rendered.subject).toBe('Wieder da: Laufshirt (M / Schwarz) – No Pain, No Gain');
    expect(rendered.text).toContain(`${SITE}/shop/iron-tee`);
    expect(rendered.text).toContain('Das ist die einzige E-Mail');
    expect(rendered.text).toContain(`${SITE}/back-in-stock/unsubscribe?token=${UNSUB}`);
    expect(rendered.text).not.toContain('/back-in-stock/confirm');
    expect(rendered.html).toContain(`href="${SITE}/shop/iron-tee"`);
  });

  it('escapes the product title in the HTML; a variant without size and colour is the title alone', () => {
    const rendered = renderBackInStockEmail(mail({ kind: 'notify', confirmToken: null, title: '<b>Strap</b> & Co', size: null, color: null }), SITE);
    expect(rendered.subject).toBe("It's back: <b>Strap</b> & Co – No Pain, No Gain");
    expect(rendered.html).toContain('&lt;b&gt;Strap&lt;/b&gt; &amp; Co');
    expect(rendered.html).not.toContain('<b>Strap</b>');
  });
});
