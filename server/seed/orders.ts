import { randomInt } from 'node:crypto';
import { variantBySku } from './catalogue.ts';
import { SEED_USERS } from './users.ts';

/**
 * Orders for the demo: the seed customer's history (one in each state the orders page shows, and a
 * paid one from a checkout session) and guest orders, so "best sellers" (units sold in paid-or-later
 * orders) ranks meaningfully. Lines are priced from the catalogue; stock is not taken for them.
 */
export type OrderStatus = 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** Germany, standard shipping (SPEC §9): €4.99, free from €50, as public.price_cart prices it. */
export const SHIPPING_DE = { standard: 499, freeFrom: 5000 } as const;

export interface SeedOrderItem {
  slug: string;
  sku: string;
  title: string;
  size: string | null;
  color: string | null;
  unitPrice: number;
  qty: number;
  lineTotal: number;
}

export interface SeedOrder {
  /** Placed by the seed customer (user_id = his account) rather than a guest. */
  byCustomer: boolean;
  customerEmail: string;
  status: OrderStatus;
  daysAgo: number;
  /** `cs_seed_…`, random (seedSessionId), for the orders paid through a checkout session. */
  checkoutSessionId: string | null;
  items: SeedOrderItem[];
  subtotal: number;
  shipping: number;
  total: number;
  currency: 'EUR';
  /** Every seed order ships within Germany. */
  shippingRegion: 'DE';
  /** Where it goes: a German address (fictitious streets in real cities) for the buyer's name. */
  shippingAddress: { name: string; line1: string; postalCode: string; city: string; country: 'DE' };
  /** Shipped and delivered orders went with DHL: a number of DHL's 20-digit form, unique per order. */
  shipment: { carrier: 'dhl'; trackingNumber: string; daysAgo: number } | null;
  /** Its timeline (public.order_events), oldest first: paid, then each step to its status. */
  events: { kind: 'paid' | 'email_sent' | 'processing' | 'shipped' | 'delivered' | 'cancelled'; daysAgo: number; data?: Record<string, string> }[];
}

interface OrderDef {
  email?: string;
  status: OrderStatus;
  daysAgo: number;
  /** Paid through a checkout session: it gets a random session id (seedSessionId). */
  fromCheckout?: true;
  lines: [sku: string, qty: number][];
}

/** Street, postcode and city by buyer, for the addresses of their orders; the names come from the e-mails. */
const STREETS: Record<string, [line1: string, postalCode: string, city: string]> = {
  [SEED_USERS.find((u) => u.label === 'customer')!.email]: ['Kastanienallee 12', '10435', 'Berlin'],
  'jonas.weber@example.com': ['Lindenstraße 4', '50674', 'Köln'],
  'lena.hoffmann@example.com': ['Am Markt 9', '28195', 'Bremen'],
  'sarah.neumann@example.com': ['Gartenweg 21', '04109', 'Leipzig'],
  'paul.richter@example.com': ['Bahnhofstraße 88', '70173', 'Stuttgart'],
  'lukas.meyer@example.com': ['Schillerplatz 3', '80331', 'München'],
  'ahmed.hassan@example.com': ['Hafenstraße 15', '20459', 'Hamburg'],
  'florian.baumann@example.com': ['Mühlweg 7', '90402', 'Nürnberg'],
  'olivia.harris@example.com': ['Rheinufer 2', '40213', 'Düsseldorf'],
  'robin.graf@example.com': ['Goethestraße 40', '60313', 'Frankfurt am Main'],
  'marcus.reid@example.com': ['Elbchaussee 101', '22763', 'Hamburg'],
  'daniel.kim@example.com': ['Sonnenallee 55', '12045', 'Berlin'],
  'leon.schneider@example.com': ['Domplatz 1', '01067', 'Dresden'],
  'mia.fischer@example.com': ['Kirchgasse 6', '69117', 'Heidelberg'],
  'eva.kaiser@example.com': ['Wiesenstraße 30', '30159', 'Hannover'],
  'noah.jensen@example.com': ['Hafenspitze 8', '24103', 'Kiel'],
};

const nameFromEmail = (email: string) =>
  SEED_USERS.find((u) => u.email === email)?.fullName ??
  email
    .split('@')[0]
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

function addressOf(email: string): SeedOrder['shippingAddress'] {
  const [line1, postalCode, city] = STREETS[email];
  return { name: nameFromEmail(email), line1, postalCode, city, country: 'DE' };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `cs_seed_` + 24 random letters and digits (≈143 bits), as unguessable as a real session's id:
 * the id alone shows its order to anyone (public.order_by_checkout_session, ADR 0013), so a seeded
 * shop must not carry ids one could guess. Drawn when this module loads: every seeding process
 * gives its orders new ones.
 */
export function seedSessionId(): string {
  let id = '';
  for (let i = 0; i < 24; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `cs_seed_${id}`;
}

export const CUSTOMER_EMAIL: string = SEED_USERS.find((u) => u.label === 'customer')!.email;

const CUSTOMER_ORDERS: OrderDef[] = [
  {
    status: 'delivered',
    daysAgo: 200,
    lines: [
      ['NPNG-BELT-LVR-BLK-L', 1],
      ['NPNG-SLV-KNEE-BLK-L', 1],
    ],
  },
  {
    status: 'delivered',
    daysAgo: 150,
    lines: [
      ['NPNG-TEE-IRON-BLK-L', 2],
      ['NPNG-SHKR-700-RED', 1],
    ],
  },
  { status: 'cancelled', daysAgo: 100, lines: [['NPNG-ZIP-TRCK-RED-L', 1]] },
  { status: 'shipped', daysAgo: 12, lines: [['NPNG-HOOD-IRON-BLK-L', 1]] },
  {
    status: 'processing',
    daysAgo: 6,
    lines: [
      ['NPNG-WHEY-ISO-CHOC-1KG', 1],
      ['NPNG-CREA-MONO-UNFL-500G', 1],
    ],
  },
  {
    status: 'paid',
    daysAgo: 1,
    fromCheckout: true,
    lines: [
      ['NPNG-JOG-IRON-BLK-L', 1],
      ['NPNG-STRP-PRO-BLK', 1],
    ],
  },
];

const GUEST_ORDERS: OrderDef[] = [
  {
    email: 'jonas.weber@example.com',
    status: 'delivered',
    daysAgo: 250,
    lines: [
      ['NPNG-TEE-IRON-BLK-M', 3],
      ['NPNG-STRP-PRO-BLK', 1],
    ],
  },
  {
    email: 'lena.hoffmann@example.com',
    status: 'delivered',
    daysAgo: 210,
    lines: [
      ['NPNG-TEE-IRON-BNE-S', 1],
      ['NPNG-LEG-SMLS-BLK-S', 2],
    ],
  },
  {
    email: 'sarah.neumann@example.com',
    status: 'delivered',
    daysAgo: 215,
    lines: [
      ['NPNG-LEG-SMLS-OLV-M', 1],
      ['NPNG-LEG-SMLS-BLK-M', 1],
    ],
  },
  {
    email: 'paul.richter@example.com',
    status: 'delivered',
    daysAgo: 255,
    lines: [
      ['NPNG-JOG-IRON-BLK-L', 2],
      ['NPNG-HOOD-IRON-BLK-L', 1],
    ],
  },
  {
    email: 'lukas.meyer@example.com',
    status: 'delivered',
    daysAgo: 235,
    lines: [
      ['NPNG-HOOD-IRON-GRY-M', 1],
      ['NPNG-TEE-IRON-RED-M', 2],
    ],
  },
  {
    email: 'ahmed.hassan@example.com',
    status: 'delivered',
    daysAgo: 265,
    lines: [
      ['NPNG-SHKR-700-BLK', 2],
      ['NPNG-WHEY-ISO-CHOC-2KG', 1],
      ['NPNG-CREA-MONO-UNFL-500G', 2],
    ],
  },
  {
    email: 'florian.baumann@example.com',
    status: 'delivered',
    daysAgo: 275,
    lines: [
      ['NPNG-STRP-PRO-RED', 2],
      ['NPNG-BELT-LVR-BLK-M', 1],
    ],
  },
  {
    email: 'olivia.harris@example.com',
    status: 'shipped',
    daysAgo: 14,
    lines: [
      ['NPNG-LEG-SMLS-GRY-S', 1],
      ['NPNG-BRA-FLEX-BLK-S', 1],
    ],
  },
  {
    email: 'robin.graf@example.com',
    status: 'delivered',
    daysAgo: 120,
    lines: [
      ['NPNG-CREA-MONO-UNFL-500G', 3],
      ['NPNG-WHEY-ISO-VAN-1KG', 1],
    ],
  },
  {
    email: 'marcus.reid@example.com',
    status: 'processing',
    daysAgo: 4,
    lines: [
      ['NPNG-TEE-IRON-BLK-XL', 2],
      ['NPNG-TEE-CLSC-BLK-XL', 1],
    ],
  },
  { email: 'daniel.kim@example.com', status: 'paid', daysAgo: 2, fromCheckout: true, lines: [['NPNG-TEE-CLSC-WHT-M', 1]] },
  {
    email: 'leon.schneider@example.com',
    status: 'delivered',
    daysAgo: 230,
    lines: [
      ['NPNG-HOOD-DROP-RED-L', 1],
      ['NPNG-CAP-SNAP-BLK', 1],
    ],
  },
  {
    email: 'mia.fischer@example.com',
    status: 'delivered',
    daysAgo: 145,
    lines: [
      ['NPNG-TEE-EMPR-BLK-S', 1],
      ['NPNG-TEE-IRON-BNE-S', 1],
    ],
  },
  {
    email: 'eva.kaiser@example.com',
    status: 'delivered',
    daysAgo: 135,
    lines: [
      ['NPNG-SOCK-CREW-WHT-3942', 1],
      ['NPNG-WRAP-HD-BLK', 1],
    ],
  },
  { email: 'noah.jensen@example.com', status: 'cancelled', daysAgo: 55, lines: [['NPNG-BAG-DFL-BLK', 1]] },
];

let shipments = 0;

/** The steps an order in `status` went through, a day or two apart (never later than today). */
function timeline(def: OrderDef, shipment: SeedOrder['shipment']): SeedOrder['events'] {
  const at = (days: number) => Math.max(def.daysAgo - days, 0);
  const events: SeedOrder['events'] = [
    { kind: 'paid', daysAgo: def.daysAgo },
    { kind: 'email_sent', daysAgo: def.daysAgo, data: { email: 'confirmation' } },
  ];
  if (def.status === 'cancelled') return [...events, { kind: 'cancelled', daysAgo: at(1) }];
  if (['processing', 'shipped', 'delivered'].includes(def.status)) events.push({ kind: 'processing', daysAgo: at(1) });
  if (shipment) {
    events.push({ kind: 'shipped', daysAgo: shipment.daysAgo, data: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } });
    events.push({ kind: 'email_sent', daysAgo: shipment.daysAgo, data: { email: 'shipped' } });
  }
  if (def.status === 'delivered') events.push({ kind: 'delivered', daysAgo: at(4) });
  return events;
}

function build(def: OrderDef, byCustomer: boolean): SeedOrder {
  const items = def.lines.map(([sku, qty]): SeedOrderItem => {
    const { product, variant } = variantBySku(sku);
    return {
      slug: product.slug,
      sku,
      title: product.title,
      size: variant.size,
      color: variant.color,
      unitPrice: variant.price,
      qty,
      lineTotal: variant.price * qty,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const shipping = subtotal >= SHIPPING_DE.freeFrom ? 0 : SHIPPING_DE.standard;
  const shipment =
    def.status === 'shipped' || def.status === 'delivered'
      ? { carrier: 'dhl' as const, trackingNumber: `0034043416${String(1000000000 + ++shipments * 7919).slice(-10)}`, daysAgo: Math.max(def.daysAgo - 2, 0) }
      : null;
  return {
    byCustomer,
    customerEmail: def.email ?? CUSTOMER_EMAIL,
    status: def.status,
    daysAgo: def.daysAgo,
    checkoutSessionId: def.fromCheckout ? seedSessionId() : null,
    items,
    subtotal,
    shipping,
    total: subtotal + shipping,
    currency: 'EUR',
    shippingRegion: 'DE',
    shippingAddress: addressOf(def.email ?? CUSTOMER_EMAIL),
    shipment,
    events: timeline(def, shipment),
  };
}

/** All seed orders, oldest first (so order numbers follow the order dates). */
export const SEED_ORDERS: readonly SeedOrder[] = [...CUSTOMER_ORDERS.map((d) => build(d, true)), ...GUEST_ORDERS.map((d) => build(d, false))].sort((a, b) => b.daysAgo - a.daysAgo);
