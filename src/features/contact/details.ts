import { msg } from '@lingui/core/macro';

/** How to reach support (SPEC §2 Contact, §9 support hours and reply time). */
export const SUPPORT_EMAIL = 'support@nopain-nogain.com';
export const SUPPORT_PHONE = '+49 30 5683 7420';
/** tel: links want the number without spaces. */
export const SUPPORT_PHONE_HREF = `tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`;
export const SUPPORT_HOURS = msg`Mon–Fri, 9:00–17:00 CET`;
export const REPLY_TIME = msg`We'll get back to you within 1-2 business days.`;
