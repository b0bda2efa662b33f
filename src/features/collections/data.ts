import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** SPEC §2 Collections: the three tiles and where they lead. */
export const COLLECTION_TILES: { href: string; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { href: '/shop?sort=new', title: msg`New Arrivals`, text: msg`Fresh from the latest drop. Be the first to wear it.` },
  { href: '/shop?sort=best', title: msg`Best Sellers`, text: msg`The pieces the community trains in most.` },
  { href: '/shop?category=T-Shirts', title: msg`Gym Wear`, text: msg`Oversized tees built for heavy sessions.` },
];

export const categoryHref = (category: string) => `/shop?category=${encodeURIComponent(category)}`;
