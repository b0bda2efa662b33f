import { msg } from '@lingui/core/macro';

/**
 * Who runs the shop and how to reach support: one place for the contact page, the FAQ and the
 * legal pages. The street address is a placeholder ("Musterstraße") until the shop's registered
 * address is filled in.
 */
export const COMPANY = {
  name: 'No Pain, No Gain GmbH',
  street: 'Musterstraße 12',
  postcode: '10115',
  city: 'Berlin',
  email: 'support@nopain-nogain.com',
  privacyEmail: 'privacy@nopain-nogain.com',
  website: 'nopain-nogain.com',
} as const;

/** SPEC §2 Contact, §9 support hours and reply time. */
export const SUPPORT_EMAIL = COMPANY.email;
export const SUPPORT_PHONE = '+49 30 5683 7420';
/** tel: links want the number without spaces. */
export const SUPPORT_PHONE_HREF = `tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`;
export const SUPPORT_HOURS = msg`Mon–Fri, 9:00–17:00 CET`;
