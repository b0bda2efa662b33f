/**
 * The shop's own facts: who runs it, where it is registered and how to reach it. The storefront
 * reads them through src/config/company.ts (the footer, the contact page, the FAQ, the privacy
 * policy, the terms, the legal notice under § 5 DDG, the withdrawal information); the e-mails read
 * them here, where the functions can reach them without the storefront's build. One place to edit.
 *
 * DEMO DATA — every value below is fictitious: the "Mustermann" names, the Musterstraße address,
 * the register number, the VAT ID and a phone number from the block the Bundesnetzagentur keeps
 * free for films and TV (030 23125 …). Replace them with the company's real data before the shop
 * trades (README, "The company's data").
 */
export const COMPANY = {
  /** The brand, as the copyright line names it. */
  brand: 'No Pain, No Gain',
  /** The full registered name, with the legal form. */
  name: 'No Pain, No Gain GmbH',
  legalForm: 'GmbH',
  /** A street address where the company can be served: § 5 DDG allows no PO box. */
  street: 'Musterstraße 12',
  postcode: '10115',
  city: 'Berlin',
  /** Who represents the company (a GmbH: its managing directors). */
  managingDirectors: ['Max Mustermann', 'Erika Mustermann'],
  registerCourt: 'Amtsgericht Charlottenburg',
  registerNumber: 'HRB 123456 B',
  /** Umsatzsteuer-Identifikationsnummer under § 27a UStG. */
  vatId: 'DE123456789',
  email: 'support@nopain-nogain.com',
  privacyEmail: 'privacy@nopain-nogain.com',
  phone: '+49 30 23125 420',
  website: 'nopain-nogain.com',
} as const;
