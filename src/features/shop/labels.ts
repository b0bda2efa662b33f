import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Category } from '../../../machines/catalogue';
import type { SortKey } from '../../../machines/shopQuery';

/** The shop's names for the catalogue's categories (its heading and the category filter). */
export const CATEGORY_LABELS: Record<Category, MessageDescriptor> = {
  clothing: msg`Clothing`,
  accessories: msg`Accessories`,
  equipment: msg`Equipment`,
  supplements: msg`Supplements`,
};

export const SORT_LABELS: Record<SortKey, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
  'title-asc': msg`Name: A–Z`,
  'title-desc': msg`Name: Z–A`,
  best: msg`Best sellers`,
};

/** Colour names as the catalogue stores them (English), shown in the shopper's language. */
export const COLOR_LABELS: Record<string, MessageDescriptor> = {
  Black: msg({ message: 'Black', context: 'colour' }),
  White: msg({ message: 'White', context: 'colour' }),
  Bone: msg({ message: 'Bone', context: 'colour' }),
  Sand: msg({ message: 'Sand', context: 'colour' }),
  'Stone Grey': msg({ message: 'Stone Grey', context: 'colour' }),
  Olive: msg({ message: 'Olive', context: 'colour' }),
  'Blood Red': msg({ message: 'Blood Red', context: 'colour' }),
};

/** The swatch each colour filter shows next to its name. */
export const COLOR_SWATCHES: Record<string, string> = {
  Black: '#111113',
  White: '#f5f5f2',
  Bone: '#e3dccb',
  Sand: '#c8b48f',
  'Stone Grey': '#8a8a85',
  Olive: '#5b6138',
  'Blood Red': '#7d1414',
};
