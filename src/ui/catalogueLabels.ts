import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Names the catalogue stores in English (categories, colours and flavours), in the shopper's
 * language. Shared by every screen that shows them (shop, product, cart, collections); a value
 * without an entry is shown as stored.
 */
const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  clothing: msg`Clothing`,
  accessories: msg`Accessories`,
  equipment: msg`Equipment`,
  supplements: msg`Supplements`,
};

/** Supplements keep their flavour in the colour field. */
const FLAVOUR_LABELS: Record<string, MessageDescriptor> = {
  Chocolate: msg({ message: 'Chocolate', context: 'flavour' }),
  Vanilla: msg({ message: 'Vanilla', context: 'flavour' }),
  Strawberry: msg({ message: 'Strawberry', context: 'flavour' }),
  'Blood Orange': msg({ message: 'Blood Orange', context: 'flavour' }),
  'Sour Cherry': msg({ message: 'Sour Cherry', context: 'flavour' }),
  'Lemon Ice': msg({ message: 'Lemon Ice', context: 'flavour' }),
  Watermelon: msg({ message: 'Watermelon', context: 'flavour' }),
  'Chocolate Brownie': msg({ message: 'Chocolate Brownie', context: 'flavour' }),
  'Peanut Caramel': msg({ message: 'Peanut Caramel', context: 'flavour' }),
  Unflavoured: msg({ message: 'Unflavoured', context: 'flavour' }),
};

const COLOR_LABELS: Record<string, MessageDescriptor> = {
  Black: msg({ message: 'Black', context: 'colour' }),
  White: msg({ message: 'White', context: 'colour' }),
  Bone: msg({ message: 'Bone', context: 'colour' }),
  Sand: msg({ message: 'Sand', context: 'colour' }),
  'Stone Grey': msg({ message: 'Stone Grey', context: 'colour' }),
  Olive: msg({ message: 'Olive', context: 'colour' }),
  'Blood Red': msg({ message: 'Blood Red', context: 'colour' }),
  ...FLAVOUR_LABELS,
};

const label = (labels: Record<string, MessageDescriptor>, i18n: I18n, value: string) => (Object.hasOwn(labels, value) ? i18n._(labels[value]) : value);

export const categoryLabel = (i18n: I18n, category: string) => label(CATEGORY_LABELS, i18n, category);
export const colorLabel = (i18n: I18n, color: string) => label(COLOR_LABELS, i18n, color);
/** Whether a variant's colour field holds a supplement's flavour. */
export const isFlavour = (color: string) => Object.hasOwn(FLAVOUR_LABELS, color);
