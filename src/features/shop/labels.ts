import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SortKey } from '../../../domain/shopQuery';

export const SORT_LABELS: Record<SortKey, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
  'title-asc': msg`Name: A–Z`,
  'title-desc': msg`Name: Z–A`,
  best: msg`Best sellers`,
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
