import { msg } from '@lingui/core/macro';
import { COMPANY } from '../../supabase/functions/_shared/company.ts';

/**
 * The shop's own facts (company, address, register, VAT ID, contact) live in
 * supabase/functions/_shared/company.ts, so the e-mails the functions send name the same company
 * as the footer, the contact page, the FAQ, the privacy policy, the terms, the legal notice and the
 * withdrawal information. DEMO DATA there: replace it before the shop trades (README).
 */
export { COMPANY };

/** SPEC §2 Contact, §9 support hours and reply time. */
export const SUPPORT_EMAIL = COMPANY.email;
export const SUPPORT_PHONE = COMPANY.phone;
/** tel: links want the number without spaces. */
export const SUPPORT_PHONE_HREF = `tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`;
export const SUPPORT_HOURS = msg`Mon–Fri, 9:00–17:00 CET`;
export const REPLY_BUSINESS_DAYS = { min: 1, max: 2 } as const;
export const REPLY_TIME = msg`We'll get back to you within 1-2 business days.`;
