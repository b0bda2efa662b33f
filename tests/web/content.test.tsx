import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FooterView } from '../../src/app/shell/FooterView';
import { COMPANY } from '../../src/config/company';
import { AboutView } from '../../src/features/content/AboutView';
import { FaqView } from '../../src/features/content/FaqView';
import { ImpressumView } from '../../src/features/content/ImpressumView';
import { PrivacyView } from '../../src/features/content/PrivacyView';
import { ReturnsView } from '../../src/features/content/ReturnsView';
import { ShippingView } from '../../src/features/content/ShippingView';
import { SizeGuideView } from '../../src/features/content/SizeGuideView';
import { TermsView } from '../../src/features/content/TermsView';
import { activateAllCatalogs, i18n } from '../../src/i18n/i18n';
import { render } from './support';

const rows = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('content pages', () => {
  it('About: the brand story with links to the shop and the collections', () => {
    render(<AboutView />);
    expect(document.title).toBe('Our Story · No Pain, No Gain');
    expect(screen.getByRole('link', { name: 'Shop Collection' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Explore Collections' }).getAttribute('href')).toBe('/collections');
  });

  it('Size guide: both tables with the spec figures and fit notes', () => {
    render(<SizeGuideView />);
    const [tops, bottoms] = screen.getAllByRole('table');
    expect(rows(tops)).toEqual([
      ['Size', 'Chest (cm)', 'Length (cm)'],
      ['S', '104', '68'],
      ['M', '110', '71'],
      ['L', '116', '74'],
      ['XL', '122', '77'],
    ]);
    expect(rows(bottoms)).toEqual([
      ['Size', 'Waist (cm)', 'Length (cm)'],
      ['S', '76–81', '20'],
      ['M', '81–86', '21'],
      ['L', '86–91', '22'],
      ['XL', '91–96', '23'],
    ]);
    expect(screen.getByText('Size down for a regular fit.')).toBeTruthy();
    expect(screen.getByText(/run true to size/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Support' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Size Guide' }).getAttribute('aria-current')).toBe('page');
  });

  it('Shipping: rates per region, delivery, cut-off, payment methods without Apple Pay', () => {
    render(<ShippingView />);
    expect(rows(screen.getByRole('table'))).toEqual([
      ['Region', 'Standard', 'Express', 'Free shipping', 'Delivery time'],
      ['Germany', '€4.99', '€9.99', 'orders over €50.00', '2–5 business days'],
      ['European Union', '€7.99', '€14.99', 'orders over €75.00', '2–5 business days'],
      ['United Kingdom', '€9.99', '€19.99', 'orders over €100.00', '5–10 business days'],
      ['USA / Canada', '€12.99', '€24.99', 'orders over €150.00', '5–10 business days'],
    ]);
    expect(screen.getByText('Orders placed before 2 PM CET on a business day ship the same day.')).toBeTruthy();
    expect(screen.getByText('Orders placed at the weekend ship on Monday.')).toBeTruthy();
    for (const method of ['Visa', 'Mastercard', 'American Express', 'Discover', 'PayPal', 'Klarna', 'Bancontact', 'Revolut Pay', 'Google Pay', 'EPS']) {
      expect(screen.getByText(method).tagName).toBe('LI');
    }
    expect(screen.getByText('Apple Pay is not available at the moment.')).toBeTruthy();
  });

  it('Returns: 30 days, conditions, no exchanges, refund time', () => {
    render(<ReturnsView />);
    expect(screen.getByRole('heading', { name: 'Our 30-day return policy' })).toBeTruthy();
    expect(screen.getByText(/prepaid return label/)).toBeTruthy();
    expect(screen.getByText(/within 5–7 business days/)).toBeTruthy();
    expect(screen.getByText(/We do not offer direct exchanges/)).toBeTruthy();
  });

  it('FAQ: disclosures that open, including the worldwide free-shipping answer', async () => {
    render(<FaqView />);
    const question = screen.getByText('Do you offer free shipping?');
    const details = question.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup().click(question);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/free worldwide on orders over €150.00/)).toBeTruthy();
    expect(screen.getAllByRole('group').length).toBeGreaterThanOrEqual(10);
  });

  it('Privacy and Terms: the required sections', () => {
    render(<PrivacyView />);
    for (const name of ['1. Who is responsible', '3. Legal bases', '4. How long we keep your data', '5. Who receives your data', '6. Your rights']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Who your browser talks to' })).toBeTruthy();
    render(<TermsView />);
    expect(screen.getByText(/limited to the total amount you paid us in the 12 months/)).toBeTruthy();
    expect(screen.getByText(/German law applies/)).toBeTruthy();
    expect(screen.getByText(/The courts of Berlin have jurisdiction/)).toBeTruthy();
    expect(screen.getByText(/include the statutory value added tax/)).toBeTruthy();
  });

  it('Legal notice: every item § 5 DDG asks for, the VSBG statement, no ODR link', () => {
    render(<ImpressumView />);
    expect(document.title).toBe('Legal notice · No Pain, No Gain');
    const main = document.body;
    for (const text of [COMPANY.name, COMPANY.street, `${COMPANY.postcode} ${COMPANY.city}`, 'Legal form: GmbH', COMPANY.registerCourt, COMPANY.registerNumber, COMPANY.vatId]) {
      expect(main.textContent).toContain(text);
    }
    expect(main.textContent).toContain('Managing directors: Max Mustermann and Erika Mustermann');
    expect(screen.getByRole('link', { name: COMPANY.phone }).getAttribute('href')).toBe(`tel:${COMPANY.phone.replace(/\s+/g, '')}`);
    expect(screen.getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(`mailto:${COMPANY.email}`);
    expect(screen.getByText(/§ 27a of the German VAT Act/)).toBeTruthy();
    expect(screen.getByText('We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.')).toBeTruthy();
    expect(main.textContent).not.toMatch(/ODR|online dispute resolution|ec\.europa\.eu/i);
    // Only the phone and e-mail links: nothing leads off the site.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href')?.split(':')[0])).toEqual(['tel', 'mailto']);
  });

  it('Legal notice in German: "Impressum" with the statutory wording', async () => {
    await activateAllCatalogs('de');
    try {
      render(<ImpressumView />);
      expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeTruthy();
      expect(document.title).toBe('Impressum · No Pain, No Gain');
      for (const name of ['Angaben gemäß § 5 DDG', 'Vertreten durch', 'Kontakt', 'Registereintrag', 'Umsatzsteuer-ID', 'Verbraucherstreitbeilegung']) {
        expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
      }
      expect(document.body.textContent).toContain('Geschäftsführung: Max Mustermann und Erika Mustermann');
      expect(screen.getByText(`Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${COMPANY.vatId}`)).toBeTruthy();
      expect(screen.getByText('Wir sind weder verpflichtet noch bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.')).toBeTruthy();
    } finally {
      cleanup();
      i18n.activate('en');
    }
  });

  it('Footer: the legal notice in the legal group and this year in the copyright line', async () => {
    render(<FooterView />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Legal notice' }).getAttribute('href')).toBe('/impressum');
    expect(screen.getByText(`© ${new Date().getFullYear()} No Pain, No Gain. All rights reserved.`)).toBeTruthy();
    cleanup();
    await activateAllCatalogs('de');
    try {
      render(<FooterView />);
      expect(
        within(screen.getByRole('navigation', { name: 'Rechtliches' }))
          .getByRole('link', { name: 'Impressum' })
          .getAttribute('href'),
      ).toBe('/impressum');
      expect(screen.getByText(`© ${new Date().getFullYear()} No Pain, No Gain. Alle Rechte vorbehalten.`)).toBeTruthy();
    } finally {
      cleanup();
      i18n.activate('en');
    }
  });
});
