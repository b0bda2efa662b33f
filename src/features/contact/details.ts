import { msg } from '@lingui/core/macro';

/** SPEC §9: how soon support answers. */
export const REPLY_TIME = msg`We'll get back to you within 1-2 business days.`;
