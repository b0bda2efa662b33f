import type { Silhouette } from './images.ts';

/**
 * The demo catalogue: 48 products with English and German copy (German in Du-form, the brand's
 * voice), variants, prices in cents and stock. Pure data plus the small rules that expand it
 * (SKUs, EAN-13 barcodes, meta texts), so it can be checked without a database.
 */
export type Category = 'clothing' | 'accessories' | 'equipment' | 'supplements';
export type ProductStatus = 'draft' | 'published' | 'archived';

export const CATEGORIES: readonly Category[] = ['clothing', 'accessories', 'equipment', 'supplements'];
export const APPAREL_SIZES = ['S', 'M', 'L', 'XL'] as const;

/** Colour names used in the catalogue, with the SKU code and the swatch the product images use. */
export const COLOURS = {
  Black: { code: 'BLK', hex: '#1c1c1f' },
  Bone: { code: 'BNE', hex: '#e3dac9' },
  'Blood Red': { code: 'RED', hex: '#8a0b14' },
  Olive: { code: 'OLV', hex: '#5b6237' },
  'Stone Grey': { code: 'GRY', hex: '#8d8b86' },
  White: { code: 'WHT', hex: '#f2f2f0' },
  Sand: { code: 'SND', hex: '#c8b48f' },
  Chocolate: { code: 'CHOC', hex: '#5a3a22' },
  Vanilla: { code: 'VAN', hex: '#f3e5ab' },
  Strawberry: { code: 'STRW', hex: '#d9455f' },
  'Blood Orange': { code: 'BLOR', hex: '#e2572b' },
  'Sour Cherry': { code: 'CHRY', hex: '#9b1b30' },
  'Lemon Ice': { code: 'LEMN', hex: '#e9e36a' },
  Watermelon: { code: 'WMLN', hex: '#ef6f6c' },
  'Chocolate Brownie': { code: 'BRWN', hex: '#4a2c1a' },
  'Peanut Caramel': { code: 'PNUT', hex: '#b07a3b' },
  Unflavoured: { code: 'UNFL', hex: '#ecebe6' },
} as const satisfies Record<string, { code: string; hex: string }>;
export type Colour = keyof typeof COLOURS;

export interface SeedVariant {
  sku: string;
  size: string | null;
  color: Colour | null;
  /** Cents. */
  price: number;
  compareAtPrice: number | null;
  inventory: number;
  barcode: string;
}

export interface SeedProduct {
  slug: string;
  category: Category;
  title: string;
  subtitle: string;
  description: string;
  titleDe: string;
  subtitleDe: string;
  descriptionDe: string;
  tags: string[];
  featured: boolean;
  status: ProductStatus;
  metaTitle: string;
  metaDescription: string;
  /** Age of the product at seed time, in days: created_at = now − daysAgo. */
  daysAgo: number;
  silhouette: Silhouette;
  /** The colour its images are drawn in (the first variant colour, else a neutral). */
  imageColour: Colour;
  variants: SeedVariant[];
}

/** What a product is written as: variants are expanded from sizes × colours. */
interface ProductDef {
  slug: string;
  /** The SKU's product part, e.g. 'TEE-IRON' → NPNG-TEE-IRON-BLK-M. */
  code: string;
  category: Category;
  silhouette: Silhouette;
  title: string;
  subtitle: string;
  description: string;
  titleDe: string;
  subtitleDe: string;
  descriptionDe: string;
  tags: string[];
  featured?: boolean;
  status?: ProductStatus;
  daysAgo: number;
  sizes?: readonly string[];
  colours?: readonly Colour[];
  price: number;
  /** Price per size where it differs (supplements by weight). */
  sizePrice?: Record<string, number>;
  compareAtPrice?: number;
  /** Every variant at 0. */
  soldOut?: boolean;
  /** Inventory by SKU suffix (e.g. 'RED-XL'), overriding the generated stock. */
  stock?: Record<string, number>;
  imageColour?: Colour;
}

const S = APPAREL_SIZES;

const DEFS: ProductDef[] = [
  // ── Clothing: tees ────────────────────────────────────────────────────────────────────────
  {
    slug: 'iron-oversized-tee',
    code: 'TEE-IRON',
    category: 'clothing',
    silhouette: 'tee',
    title: 'Iron Oversized Tee',
    subtitle: 'Heavyweight 260 gsm cotton, dropped shoulders',
    description:
      'Our signature oversized tee, cut from 260 gsm combed cotton that keeps its shape set after set. Dropped shoulders, a boxy body and a ribbed crew neck that does not stretch out. Size down for a regular fit. Machine wash cold, inside out.',
    titleDe: 'Iron Oversized Tee',
    subtitleDe: 'Schwere 260 g/m² Baumwolle, überschnittene Schultern',
    descriptionDe:
      'Unser Signature-Shirt im Oversized-Schnitt aus 260 g/m² gekämmter Baumwolle – bleibt auch nach dem hundertsten Satz in Form. Überschnittene Schultern, kastiger Körper und ein Rippkragen, der nicht ausleiert. Für einen normalen Fit nimmst Du eine Nummer kleiner. Kalt und auf links waschen.',
    tags: ['t-shirt', 'oversized', 'bestseller', 'unisex'],
    featured: true,
    daysAgo: 290,
    sizes: S,
    colours: ['Black', 'Bone', 'Blood Red'],
    price: 3499,
    stock: { 'RED-S': 0, 'BNE-XL': 0 },
  },
  {
    slug: 'no-pain-no-gain-classic-tee',
    code: 'TEE-CLSC',
    category: 'clothing',
    silhouette: 'tee',
    title: 'No Pain, No Gain Classic Tee',
    subtitle: 'The motto on 200 gsm organic cotton',
    description:
      'The tee that started it all: the motto screen-printed across the chest on soft 200 gsm organic cotton. Regular fit with a slightly longer back hem, so it stays put on the bench. Machine wash at 30 °C, do not tumble dry.',
    titleDe: 'No Pain, No Gain Classic Tee',
    subtitleDe: 'Das Motto auf 200 g/m² Bio-Baumwolle',
    descriptionDe:
      'Das Shirt, mit dem alles angefangen hat: unser Motto im Siebdruck auf weicher Bio-Baumwolle mit 200 g/m². Regular Fit und hinten etwas länger geschnitten, damit auf der Bank nichts hochrutscht. Bei 30 °C waschen, nicht in den Trockner.',
    tags: ['t-shirt', 'bestseller', 'unisex'],
    daysAgo: 300,
    sizes: S,
    colours: ['Black', 'White'],
    price: 2999,
  },
  {
    slug: 'grind-heavyweight-tee',
    code: 'TEE-GRND',
    category: 'clothing',
    silhouette: 'tee',
    title: 'Grind Heavyweight Tee',
    subtitle: '300 gsm garment-dyed cotton',
    description:
      'A 300 gsm tee with a dense, structured hand that softens with every wash. Garment-dyed for a washed, lived-in colour, with a tonal GRIND print on the back. Oversized fit, double-stitched hems. Wash with similar colours.',
    titleDe: 'Grind Heavyweight Tee',
    subtitleDe: '300 g/m² Baumwolle, stückgefärbt',
    descriptionDe:
      'Ein 300 g/m² schweres Shirt mit fester Struktur, das mit jeder Wäsche weicher wird. Stückgefärbt für den gewaschenen Vintage-Look, hinten ein Ton-in-Ton GRIND-Print. Oversized geschnitten, doppelt gesteppte Säume. Mit ähnlichen Farben waschen.',
    tags: ['t-shirt', 'oversized', 'new', 'unisex'],
    daysAgo: 12,
    sizes: S,
    colours: ['Stone Grey', 'Olive'],
    price: 3999,
  },
  {
    slug: 'blood-sweat-oversized-tee',
    code: 'TEE-BLSW',
    category: 'clothing',
    silhouette: 'tee',
    title: 'Blood & Sweat Oversized Tee',
    subtitle: 'Limited print, 240 gsm cotton',
    description:
      'Part of the Blood & Sweat drop: a cracked puff print on 240 gsm cotton jersey. Boxy oversized cut with a wide neck rib and short, wide sleeves. Once this run is gone, it is gone. Wash inside out at 30 °C.',
    titleDe: 'Blood & Sweat Oversized Tee',
    subtitleDe: 'Limitierter Print, 240 g/m² Baumwolle',
    descriptionDe:
      'Aus dem Blood & Sweat Drop: Puff-Print im Crack-Look auf 240 g/m² Baumwoll-Jersey. Kastiger Oversized-Schnitt mit breitem Rippbündchen und kurzen, weiten Ärmeln. Wenn die Auflage weg ist, ist sie weg. Auf links bei 30 °C waschen.',
    tags: ['t-shirt', 'oversized', 'limited', 'unisex'],
    daysAgo: 95,
    sizes: S,
    colours: ['Blood Red', 'Black'],
    price: 3499,
    compareAtPrice: 3999,
  },
  {
    slug: 'community-pocket-tee',
    code: 'TEE-CMTY',
    category: 'clothing',
    silhouette: 'tee',
    title: 'Community Pocket Tee',
    subtitle: 'Everyday tee with chest pocket',
    description:
      'A 220 gsm cotton tee with a patch pocket and a small embroidered logo, made for rest days and the walk to the gym. Relaxed fit, pre-shrunk, so what fits now fits after the wash. Machine wash at 30 °C.',
    titleDe: 'Community Pocket Tee',
    subtitleDe: 'Alltags-Shirt mit Brusttasche',
    descriptionDe:
      'Ein 220 g/m² Baumwollshirt mit aufgesetzter Brusttasche und kleinem gesticktem Logo – für Rest Days und den Weg ins Gym. Relaxed Fit und vorgewaschen, also passt es auch nach der Wäsche noch genauso. Bei 30 °C waschbar.',
    tags: ['t-shirt', 'unisex'],
    daysAgo: 210,
    sizes: S,
    colours: ['Bone', 'Olive'],
    price: 3299,
  },
  {
    slug: 'tiktok-to-empire-tee',
    code: 'TEE-EMPR',
    category: 'clothing',
    silhouette: 'tee',
    title: 'TikTok to Empire Tee',
    subtitle: 'The one-year anniversary drop',
    description:
      'Printed for the community that got us here: the one-year anniversary graphic on 250 gsm heavyweight cotton. Oversized fit, ribbed collar, back neck tape. Sold out within days; restock not planned.',
    titleDe: 'TikTok to Empire Tee',
    subtitleDe: 'Der Drop zum ersten Geburtstag',
    descriptionDe:
      'Gedruckt für die Community, die uns hierher gebracht hat: die Jubiläumsgrafik zum ersten Geburtstag auf 250 g/m² schwerer Baumwolle. Oversized Fit, Rippkragen, Nackenband. In wenigen Tagen ausverkauft – ein Restock ist nicht geplant.',
    tags: ['t-shirt', 'oversized', 'limited', 'unisex'],
    daysAgo: 150,
    sizes: S,
    colours: ['Black'],
    price: 3499,
    soldOut: true,
  },
  // ── Clothing: hoodies and jackets ─────────────────────────────────────────────────────────
  {
    slug: 'iron-heavyweight-hoodie',
    code: 'HOOD-IRON',
    category: 'clothing',
    silhouette: 'hoodie',
    title: 'Iron Heavyweight Hoodie',
    subtitle: '450 gsm brushed fleece, double-lined hood',
    description:
      'Built for cold warm-ups: 450 gsm cotton fleece, brushed inside, with a double-layer hood and a kangaroo pocket big enough for your straps. Oversized fit with dropped shoulders and long ribbed cuffs. Wash inside out at 30 °C, dry flat.',
    titleDe: 'Iron Heavyweight Hoodie',
    subtitleDe: '450 g/m² angerauter Fleece, doppellagige Kapuze',
    descriptionDe:
      'Gemacht für kalte Aufwärmsätze: 450 g/m² Baumwoll-Fleece, innen angeraut, mit doppellagiger Kapuze und einer Kängurutasche, in die auch Deine Zughilfen passen. Oversized mit überschnittenen Schultern und langen Rippbündchen. Auf links bei 30 °C waschen, liegend trocknen.',
    tags: ['hoodie', 'oversized', 'bestseller', 'unisex'],
    featured: true,
    daysAgo: 280,
    sizes: S,
    colours: ['Black', 'Stone Grey'],
    price: 6999,
    stock: { 'GRY-S': 0 },
  },
  {
    slug: 'no-days-off-hoodie',
    code: 'HOOD-NDO',
    category: 'clothing',
    silhouette: 'hoodie',
    title: 'No Days Off Hoodie',
    subtitle: '400 gsm loopback cotton',
    description:
      'A 400 gsm loopback hoodie with NO DAYS OFF embroidered down the sleeve. Regular oversized fit, flat drawcords, metal eyelets and a hidden phone pocket. Pre-washed for minimal shrinkage. Machine wash at 30 °C.',
    titleDe: 'No Days Off Hoodie',
    subtitleDe: '400 g/m² Loopback-Baumwolle',
    descriptionDe:
      'Ein Hoodie aus 400 g/m² Loopback-Baumwolle mit NO DAYS OFF-Stick am Ärmel. Lässiger Oversized-Schnitt, flache Kordeln, Metallösen und eine versteckte Handytasche. Vorgewaschen, damit kaum etwas einläuft. Bei 30 °C in die Maschine.',
    tags: ['hoodie', 'oversized', 'unisex'],
    daysAgo: 180,
    sizes: S,
    colours: ['Bone', 'Olive', 'Black'],
    price: 7499,
  },
  {
    slug: 'blood-red-drop-hoodie',
    code: 'HOOD-DROP',
    category: 'clothing',
    silhouette: 'hoodie',
    title: 'Blood Red Drop Hoodie',
    subtitle: 'Limited run of 300, numbered',
    description:
      'Our first limited drop: 300 numbered hoodies in blood red, 480 gsm fleece with a puff-printed motto across the back. Boxy fit, heavy ribbing, woven number label inside. All sold out; watch TikTok for the next drop.',
    titleDe: 'Blood Red Drop Hoodie',
    subtitleDe: 'Limitiert auf 300 Stück, nummeriert',
    descriptionDe:
      'Unser erster limitierter Drop: 300 nummerierte Hoodies in Blutrot, 480 g/m² Fleece mit Puff-Print des Mottos auf dem Rücken. Kastiger Schnitt, schwere Bündchen, eingewebtes Nummernlabel innen. Komplett ausverkauft – den nächsten Drop siehst Du zuerst auf TikTok.',
    tags: ['hoodie', 'limited', 'oversized', 'unisex'],
    daysAgo: 240,
    sizes: S,
    colours: ['Blood Red'],
    price: 7999,
    soldOut: true,
  },
  {
    slug: 'cropped-training-hoodie',
    code: 'HOOD-CROP',
    category: 'clothing',
    silhouette: 'hoodie',
    title: 'Cropped Training Hoodie',
    subtitle: 'Cropped cut, 340 gsm French terry',
    description:
      'A cropped hoodie in 340 gsm French terry that sits just above the high-waist line of your leggings. Relaxed through the body, raw-cut hem, thumbholes in the cuffs. Machine wash at 30 °C, do not tumble dry.',
    titleDe: 'Cropped Training Hoodie',
    subtitleDe: 'Kurzer Schnitt, 340 g/m² French Terry',
    descriptionDe:
      'Ein kurz geschnittener Hoodie aus 340 g/m² French Terry, der genau über dem Bund Deiner High-Waist-Leggings endet. Locker am Körper, offene Saumkante, Daumenlöcher in den Bündchen. Bei 30 °C waschen, nicht in den Trockner.',
    tags: ['hoodie', 'women'],
    daysAgo: 60,
    sizes: S,
    colours: ['Stone Grey', 'Bone'],
    price: 5999,
    compareAtPrice: 6999,
  },
  {
    slug: 'performance-zip-jacket',
    code: 'ZIP-PERF',
    category: 'clothing',
    silhouette: 'zip',
    title: 'Performance Zip Jacket',
    subtitle: 'Four-way stretch, water-repellent',
    description:
      'A training jacket in a four-way stretch polyamide with a water-repellent finish, for outdoor sessions and the commute. Athletic fit, stand-up collar, two zipped side pockets and reflective details. Wash at 30 °C, no fabric softener.',
    titleDe: 'Performance Zip Jacket',
    subtitleDe: 'Vier-Wege-Stretch, wasserabweisend',
    descriptionDe:
      'Eine Trainingsjacke aus Polyamid mit Vier-Wege-Stretch und wasserabweisender Ausrüstung – für Outdoor-Sessions und den Weg zur Arbeit. Athletischer Schnitt, Stehkragen, zwei Seitentaschen mit Reißverschluss und reflektierende Details. Bei 30 °C waschen, ohne Weichspüler.',
    tags: ['jacket', 'new', 'men'],
    featured: true,
    daysAgo: 20,
    sizes: S,
    colours: ['Black', 'Olive'],
    price: 7999,
  },
  {
    slug: 'retro-track-jacket',
    code: 'ZIP-TRCK',
    category: 'clothing',
    silhouette: 'zip',
    title: 'Retro Track Jacket',
    subtitle: 'Tricot with contrast side stripes',
    description:
      'Old-school gym energy: a glossy tricot track jacket with contrast stripes down the sleeves. Regular fit, full-length zip, ribbed cuffs and hem. Machine wash at 30 °C, hang to dry.',
    titleDe: 'Retro Track Jacket',
    subtitleDe: 'Trikot mit Kontraststreifen',
    descriptionDe:
      'Old-School-Gym-Vibes: eine glänzende Trainingsjacke aus Trikot mit Kontraststreifen an den Ärmeln. Regular Fit, durchgehender Reißverschluss, gerippte Bündchen und Saum. Bei 30 °C waschen, zum Trocknen aufhängen.',
    tags: ['jacket', 'unisex'],
    daysAgo: 170,
    sizes: S,
    colours: ['Blood Red', 'Black'],
    price: 7499,
    compareAtPrice: 8999,
  },
  // ── Clothing: tanks and stringers ─────────────────────────────────────────────────────────
  {
    slug: 'muscle-tank',
    code: 'TANK-MSCL',
    category: 'clothing',
    silhouette: 'tank',
    title: 'Muscle Tank',
    subtitle: 'Deep armholes, 180 gsm cotton',
    description:
      'A muscle tank with deep-cut armholes and a longer hem, in breathable 180 gsm cotton. Regular fit through the chest, room to move on pull days. Machine wash at 40 °C.',
    titleDe: 'Muscle Tank',
    subtitleDe: 'Tiefe Armausschnitte, 180 g/m² Baumwolle',
    descriptionDe:
      'Ein Muscle Tank mit tief geschnittenen Armausschnitten und längerem Saum, aus atmungsaktiver 180 g/m² Baumwolle. Normal geschnitten an der Brust, mit genug Bewegungsfreiheit für den Pull Day. Bei 40 °C waschbar.',
    tags: ['tank', 'men'],
    daysAgo: 120,
    sizes: S,
    colours: ['Black', 'White', 'Blood Red'],
    price: 2499,
    stock: { 'WHT-M': 0, 'WHT-L': 0 },
  },
  {
    slug: 'racerback-tank',
    code: 'TANK-RCR',
    category: 'clothing',
    silhouette: 'tank',
    title: 'Racerback Tank',
    subtitle: 'Lightweight, quick-dry modal blend',
    description:
      'A lightweight racerback tank in a modal and elastane blend that dries fast and never clings. Slim fit with a slightly cropped length. Machine wash at 30 °C, do not iron the print.',
    titleDe: 'Racerback Tank',
    subtitleDe: 'Leicht und schnell trocknend, Modal-Mix',
    descriptionDe:
      'Ein leichtes Racerback-Top aus Modal und Elasthan, das schnell trocknet und nicht auf der Haut klebt. Schmal geschnitten und etwas kürzer. Bei 30 °C waschen, den Print nicht bügeln.',
    tags: ['tank', 'women'],
    daysAgo: 75,
    sizes: S,
    colours: ['Black', 'Olive'],
    price: 2499,
  },
  {
    slug: 'raw-cut-stringer',
    code: 'STRG-RAW',
    category: 'clothing',
    silhouette: 'stringer',
    title: 'Raw Cut Stringer',
    subtitle: 'Bodybuilding stringer with raw edges',
    description:
      'The classic bodybuilding stringer: thin straps, open sides and raw-cut edges on 160 gsm cotton. Shows every hour you put in. Machine wash at 30 °C; the edges curl a little, that is the look.',
    titleDe: 'Raw Cut Stringer',
    subtitleDe: 'Bodybuilding-Stringer mit offenen Kanten',
    descriptionDe:
      'Der Bodybuilding-Klassiker: schmale Träger, weite Seiten und offene Schnittkanten auf 160 g/m² Baumwolle. Zeigt jede Stunde, die Du investiert hast. Bei 30 °C waschen – dass sich die Kanten leicht einrollen, gehört zum Look.',
    tags: ['stringer', 'tank', 'men'],
    daysAgo: 200,
    sizes: S,
    colours: ['Black', 'Stone Grey'],
    price: 2299,
  },
  // ── Clothing: bottoms ─────────────────────────────────────────────────────────────────────
  {
    slug: 'iron-joggers',
    code: 'JOG-IRON',
    category: 'clothing',
    silhouette: 'joggers',
    title: 'Iron Joggers',
    subtitle: '380 gsm fleece, tapered leg',
    description:
      'Heavy 380 gsm fleece joggers with a tapered leg, ribbed cuffs and a wide elastic waistband with flat drawcord. Two deep side pockets and a zipped back pocket. True to size. Wash at 30 °C, inside out.',
    titleDe: 'Iron Joggers',
    subtitleDe: '380 g/m² Fleece, schmal zulaufendes Bein',
    descriptionDe:
      'Schwere Jogginghose aus 380 g/m² Fleece mit schmal zulaufendem Bein, Rippbündchen und breitem Gummibund mit flacher Kordel. Zwei tiefe Seitentaschen und eine Gesäßtasche mit Reißverschluss. Fällt normal aus. Auf links bei 30 °C waschen.',
    tags: ['joggers', 'bottoms', 'bestseller', 'unisex'],
    featured: true,
    daysAgo: 270,
    sizes: S,
    colours: ['Black', 'Stone Grey'],
    price: 5999,
  },
  {
    slug: 'tapered-cargo-joggers',
    code: 'JOG-CRGO',
    category: 'clothing',
    silhouette: 'joggers',
    title: 'Tapered Cargo Joggers',
    subtitle: 'Ripstop stretch with cargo pockets',
    description:
      'Cargo joggers in a lightweight ripstop with two-way stretch, so squats are never a problem. Tapered leg, elastic cuffs, two snap-button cargo pockets. True to size. Machine wash at 30 °C.',
    titleDe: 'Tapered Cargo Joggers',
    subtitleDe: 'Ripstop-Stretch mit Cargotaschen',
    descriptionDe:
      'Cargohose aus leichtem Ripstop mit Zwei-Wege-Stretch – Kniebeugen sind damit kein Thema. Schmal zulaufendes Bein, elastische Abschlüsse, zwei Cargotaschen mit Druckknopf. Fällt normal aus. Bei 30 °C waschbar.',
    tags: ['joggers', 'bottoms', 'new', 'men'],
    daysAgo: 8,
    sizes: S,
    colours: ['Olive', 'Black'],
    price: 6499,
  },
  {
    slug: 'training-shorts-7-inch',
    code: 'SHRT-TRN7',
    category: 'clothing',
    silhouette: 'shorts',
    title: '7" Training Shorts',
    subtitle: 'Stretch woven, zipped pocket',
    description:
      'Everyday training shorts with a 7-inch inseam, in a stretch woven that moves with deep squats and box jumps. Elastic waistband with drawcord, one zipped side pocket for your key. True to size. Wash at 30 °C.',
    titleDe: '7" Training Shorts',
    subtitleDe: 'Stretch-Webware, Reißverschlusstasche',
    descriptionDe:
      'Deine Trainingsshorts für jeden Tag: 7 Zoll Innenbeinlänge und ein Stretch-Gewebe, das tiefe Kniebeugen und Box Jumps mitmacht. Gummibund mit Kordel, eine Seitentasche mit Reißverschluss für den Schlüssel. Fällt normal aus. Bei 30 °C waschen.',
    tags: ['shorts', 'bottoms', 'men'],
    daysAgo: 110,
    sizes: S,
    colours: ['Black', 'Olive', 'Stone Grey'],
    price: 3499,
  },
  {
    slug: 'mesh-squat-shorts',
    code: 'SHRT-MESH',
    category: 'clothing',
    silhouette: 'shorts',
    title: 'Mesh Squat Shorts',
    subtitle: 'Double-layer mesh, 5" inseam',
    description:
      'Basketball-style shorts in double-layer mesh with a 5-inch inseam: airflow for leg day, nothing to catch on the bar. Wide elastic waistband, side pockets. True to size. Machine wash at 30 °C.',
    titleDe: 'Mesh Squat Shorts',
    subtitleDe: 'Doppellagiges Mesh, 5" Innenbein',
    descriptionDe:
      'Shorts im Basketball-Stil aus doppellagigem Mesh mit 5 Zoll Innenbein: maximal luftig am Leg Day, nichts bleibt an der Stange hängen. Breiter Gummibund, Seitentaschen. Fällt normal aus. Bei 30 °C in die Maschine.',
    tags: ['shorts', 'bottoms', 'unisex'],
    daysAgo: 55,
    sizes: S,
    colours: ['Black', 'Blood Red'],
    price: 2999,
    compareAtPrice: 3499,
  },
  {
    slug: 'seamless-leggings',
    code: 'LEG-SMLS',
    category: 'clothing',
    silhouette: 'leggings',
    title: 'Seamless Leggings',
    subtitle: 'High waist, squat-proof knit',
    description:
      'Seamless high-waist leggings knitted from nylon and elastane: squat-proof, sculpting and soft on the skin. A wide waistband that stays put and contour ribbing at the knees. True to size. Wash at 30 °C, no fabric softener.',
    titleDe: 'Seamless Leggings',
    subtitleDe: 'High Waist, absolut blickdicht',
    descriptionDe:
      'Nahtlose High-Waist-Leggings aus Nylon und Elasthan: blickdicht bei jeder Kniebeuge, formend und weich auf der Haut. Der breite Bund bleibt, wo er hingehört, dazu Konturrippen an den Knien. Fällt normal aus. Bei 30 °C waschen, ohne Weichspüler.',
    tags: ['leggings', 'bottoms', 'women', 'bestseller'],
    featured: true,
    daysAgo: 230,
    sizes: S,
    colours: ['Black', 'Olive', 'Stone Grey'],
    price: 4999,
    stock: { 'OLV-XL': 0 },
  },
  {
    slug: 'high-waist-scrunch-leggings',
    code: 'LEG-SCRN',
    category: 'clothing',
    silhouette: 'leggings',
    title: 'High-Waist Scrunch Leggings',
    subtitle: 'Scrunch back seam, matte finish',
    description:
      'High-waist leggings with a scrunch seam at the back, in a matte, compressive fabric with 25% elastane. Hidden waistband pocket, flatlock seams. True to size. Machine wash at 30 °C, hang to dry.',
    titleDe: 'High-Waist Scrunch Leggings',
    subtitleDe: 'Scrunch-Naht hinten, matte Optik',
    descriptionDe:
      'High-Waist-Leggings mit Scrunch-Naht am Po aus mattem, kompressivem Stoff mit 25 % Elasthan. Versteckte Tasche im Bund, Flachnähte. Fällt normal aus. Bei 30 °C waschen und zum Trocknen aufhängen.',
    tags: ['leggings', 'bottoms', 'women', 'new'],
    daysAgo: 15,
    sizes: S,
    colours: ['Black', 'Blood Red'],
    price: 5499,
  },
  {
    slug: 'biker-shorts',
    code: 'SHRT-BIKE',
    category: 'clothing',
    silhouette: 'shorts',
    title: 'Biker Shorts',
    subtitle: '6" inseam, same fabric as our leggings',
    description:
      'Biker shorts in the same squat-proof nylon and elastane knit as our seamless leggings, with a 6-inch inseam that does not roll up. High waist, soft brushed finish. True to size. Wash at 30 °C.',
    titleDe: 'Biker Shorts',
    subtitleDe: '6" Innenbein, gleicher Stoff wie unsere Leggings',
    descriptionDe:
      'Radlershorts aus demselben blickdichten Nylon-Elasthan-Strick wie unsere Seamless Leggings, mit 6 Zoll Innenbein, das nicht hochrutscht. Hoher Bund, weich angeraute Oberfläche. Fällt normal aus. Bei 30 °C waschen.',
    tags: ['shorts', 'bottoms', 'women'],
    daysAgo: 140,
    sizes: S,
    colours: ['Black', 'Olive'],
    price: 3299,
  },
  // ── Clothing: sports bras ─────────────────────────────────────────────────────────────────
  {
    slug: 'flex-sports-bra',
    code: 'BRA-FLEX',
    category: 'clothing',
    silhouette: 'bra',
    title: 'Flex Sports Bra',
    subtitle: 'Medium support, removable pads',
    description:
      'A medium-support sports bra for lifting and HIIT, with a wide underband, crossed straps at the back and removable pads. Soft, quick-dry nylon and elastane. True to size. Hand or machine wash at 30 °C in a laundry bag.',
    titleDe: 'Flex Sports Bra',
    subtitleDe: 'Mittlerer Halt, herausnehmbare Pads',
    descriptionDe:
      'Ein Sport-BH mit mittlerem Halt für Krafttraining und HIIT, mit breitem Unterbrustband, gekreuzten Trägern am Rücken und herausnehmbaren Pads. Weiches, schnell trocknendes Nylon mit Elasthan. Fällt normal aus. Im Wäschesack bei 30 °C waschen.',
    tags: ['sports-bra', 'women'],
    daysAgo: 160,
    sizes: S,
    colours: ['Black', 'Bone'],
    price: 3499,
  },
  {
    slug: 'high-impact-sports-bra',
    code: 'BRA-HIMP',
    category: 'clothing',
    silhouette: 'bra',
    title: 'High-Impact Sports Bra',
    subtitle: 'Adjustable straps, hook closure',
    description:
      'Maximum support for running, jumping and conditioning: moulded cups, adjustable straps and a three-row hook closure. Breathable mesh panels at the back. True to size. Wash at 30 °C in a laundry bag.',
    titleDe: 'High-Impact Sports Bra',
    subtitleDe: 'Verstellbare Träger, Hakenverschluss',
    descriptionDe:
      'Maximaler Halt für Laufen, Sprünge und Conditioning: vorgeformte Cups, verstellbare Träger und ein Hakenverschluss mit drei Reihen. Atmungsaktive Mesh-Einsätze am Rücken. Fällt normal aus. Im Wäschesack bei 30 °C waschen.',
    tags: ['sports-bra', 'women', 'new'],
    daysAgo: 30,
    sizes: S,
    colours: ['Black'],
    price: 3999,
    stock: { 'BLK-S': 0 },
  },
  // ── Clothing: drafts and archive ──────────────────────────────────────────────────────────
  {
    slug: 'arctic-grind-thermal-hoodie',
    code: 'HOOD-THRM',
    category: 'clothing',
    silhouette: 'hoodie',
    title: 'Arctic Grind Thermal Hoodie',
    subtitle: 'Waffle-lined for winter cardio',
    description:
      'A winter hoodie with a thermal waffle lining and a windproof front panel, for outdoor cardio in the cold months. Slim athletic fit, thumbholes, reflective logo. Wash at 30 °C.',
    titleDe: 'Arctic Grind Thermal Hoodie',
    subtitleDe: 'Waffelfutter für Winter-Cardio',
    descriptionDe:
      'Ein Winter-Hoodie mit wärmendem Waffelfutter und winddichtem Frontteil – für Outdoor-Cardio in der kalten Jahreszeit. Schmaler, athletischer Schnitt, Daumenlöcher, reflektierendes Logo. Bei 30 °C waschen.',
    tags: ['hoodie', 'men'],
    status: 'draft',
    daysAgo: 3,
    sizes: S,
    colours: ['Stone Grey'],
    price: 7999,
  },
  {
    slug: 'summer-drop-mesh-tee',
    code: 'TEE-MESH',
    category: 'clothing',
    silhouette: 'tee',
    title: 'Summer Drop Mesh Tee',
    subtitle: 'Breathable mesh for hot sessions',
    description: 'An oversized tee in open-hole athletic mesh for the hottest sessions of the year. Boxy fit, dropped shoulders, tonal print. Wash at 30 °C.',
    titleDe: 'Summer Drop Mesh Tee',
    subtitleDe: 'Luftiges Mesh für heiße Sessions',
    descriptionDe:
      'Ein Oversized-Shirt aus grobmaschigem Sport-Mesh für die heißesten Trainingstage des Jahres. Kastiger Schnitt, überschnittene Schultern, Ton-in-Ton-Print. Bei 30 °C waschen.',
    tags: ['t-shirt', 'oversized', 'limited'],
    status: 'draft',
    daysAgo: 2,
    sizes: S,
    colours: ['White', 'Black'],
    price: 3499,
  },
  {
    slug: 'og-launch-tee',
    code: 'TEE-OG',
    category: 'clothing',
    silhouette: 'tee',
    title: 'OG Launch Tee',
    subtitle: 'The very first No Pain, No Gain print',
    description: 'The first tee we ever printed, in 180 gsm cotton with the original hand-drawn logo. Regular fit. Retired to the archive to make room for what came next.',
    titleDe: 'OG Launch Tee',
    subtitleDe: 'Der allererste No Pain, No Gain Print',
    descriptionDe:
      'Das allererste Shirt, das wir je gedruckt haben: 180 g/m² Baumwolle mit dem handgezeichneten Original-Logo. Regular Fit. Inzwischen im Archiv, um Platz für das zu machen, was danach kam.',
    tags: ['t-shirt', 'unisex'],
    status: 'archived',
    daysAgo: 310,
    sizes: S,
    colours: ['White'],
    price: 2499,
  },
  {
    slug: 'camo-stringer',
    code: 'STRG-CAMO',
    category: 'clothing',
    silhouette: 'stringer',
    title: 'Camo Stringer',
    subtitle: 'Olive camo print, 160 gsm',
    description: 'A stringer with an all-over olive camo print on 160 gsm cotton. Thin straps, deep sides, raw edges. No longer produced.',
    titleDe: 'Camo Stringer',
    subtitleDe: 'Oliv-Camo-Print, 160 g/m²',
    descriptionDe: 'Ein Stringer mit Camo-Print in Oliv auf 160 g/m² Baumwolle. Schmale Träger, tiefe Seiten, offene Kanten. Wird nicht mehr produziert.',
    tags: ['stringer', 'tank', 'men'],
    status: 'archived',
    daysAgo: 260,
    sizes: S,
    colours: ['Olive'],
    price: 2299,
  },
  // ── Accessories ───────────────────────────────────────────────────────────────────────────
  {
    slug: 'pro-lifting-straps',
    code: 'STRP-PRO',
    category: 'accessories',
    silhouette: 'straps',
    title: 'Pro Lifting Straps',
    subtitle: 'Cotton-nylon weave, padded wrist',
    description:
      'Lifting straps in a heavy cotton and nylon weave that grips the bar without slipping, with a 5 mm neoprene pad at the wrist. 60 cm long, sold as a pair. Hand wash, air dry.',
    titleDe: 'Pro Lifting Straps',
    subtitleDe: 'Baumwoll-Nylon-Gewebe, gepolstertes Handgelenk',
    descriptionDe:
      'Zughilfen aus schwerem Baumwoll-Nylon-Gewebe, das an der Stange greift statt zu rutschen, mit 5 mm Neopren-Polster am Handgelenk. 60 cm lang, im Paar. Von Hand waschen, an der Luft trocknen.',
    tags: ['straps', 'bestseller', 'unisex'],
    daysAgo: 285,
    colours: ['Black', 'Blood Red'],
    price: 1499,
  },
  {
    slug: 'heavy-duty-wrist-wraps',
    code: 'WRAP-HD',
    category: 'accessories',
    silhouette: 'wraps',
    title: 'Heavy Duty Wrist Wraps',
    subtitle: 'Stiff 60 cm wraps with thumb loop',
    description:
      'Stiff wrist wraps for heavy pressing: 60 cm of dense elastic with a strong hook-and-loop closure and a thumb loop. Competition-legal length. Sold as a pair. Hand wash, close the velcro first.',
    titleDe: 'Heavy Duty Wrist Wraps',
    subtitleDe: 'Feste 60-cm-Bandagen mit Daumenschlaufe',
    descriptionDe:
      'Feste Handgelenkbandagen für schwere Drücksätze: 60 cm straffes Elastikband mit starkem Klettverschluss und Daumenschlaufe. Wettkampftaugliche Länge, im Paar. Von Hand waschen, vorher den Klett schließen.',
    tags: ['wraps', 'unisex'],
    daysAgo: 190,
    colours: ['Black', 'Blood Red'],
    price: 1799,
  },
  {
    slug: 'nylon-training-belt',
    code: 'BELT-NYL',
    category: 'accessories',
    silhouette: 'belt',
    title: 'Nylon Training Belt',
    subtitle: 'Lightweight support with quick-release buckle',
    description:
      'A 10 cm nylon training belt with a foam core and a quick-release buckle, for Olympic lifting and functional sessions. Light, flexible and easy to adjust between sets. Sized by waist; see the size guide. Wipe clean.',
    titleDe: 'Nylon Training Belt',
    subtitleDe: 'Leichter Halt mit Schnellverschluss',
    descriptionDe:
      'Ein 10 cm breiter Trainingsgürtel aus Nylon mit Schaumkern und Schnellverschluss – für Gewichtheben und funktionelles Training. Leicht, flexibel und zwischen den Sätzen schnell nachgestellt. Größe nach Taillenumfang, siehe Größentabelle. Feucht abwischen.',
    tags: ['belt', 'unisex'],
    daysAgo: 130,
    sizes: S,
    colours: ['Black'],
    price: 3999,
  },
  {
    slug: 'iron-duffel-bag',
    code: 'BAG-DFL',
    category: 'accessories',
    silhouette: 'bag',
    title: 'Iron Duffel Bag',
    subtitle: '40 L, separate shoe compartment',
    description:
      'A 40-litre duffel in water-resistant 600D polyester, with a ventilated shoe compartment, a padded shoulder strap and an inner pocket for your phone and keys. Fits a full training kit plus a shaker. Wipe clean.',
    titleDe: 'Iron Duffel Bag',
    subtitleDe: '40 l, separates Schuhfach',
    descriptionDe:
      'Eine 40-Liter-Sporttasche aus wasserabweisendem 600D-Polyester, mit belüftetem Schuhfach, gepolstertem Schultergurt und Innentasche für Handy und Schlüssel. Da passt Dein komplettes Trainingszeug plus Shaker rein. Feucht abwischen.',
    tags: ['bag', 'unisex'],
    featured: true,
    daysAgo: 220,
    colours: ['Black'],
    price: 6999,
  },
  {
    slug: 'grind-backpack',
    code: 'BAG-PACK',
    category: 'accessories',
    silhouette: 'bag',
    title: 'Grind Backpack',
    subtitle: '25 L with laptop sleeve',
    description:
      'A 25-litre backpack for the office-to-gym day: padded 16-inch laptop sleeve, a separate wet pocket and a bottle holder on the side. Water-resistant coated polyester. Wipe clean.',
    titleDe: 'Grind Backpack',
    subtitleDe: '25 l mit Laptopfach',
    descriptionDe:
      'Ein 25-Liter-Rucksack für Tage zwischen Büro und Gym: gepolstertes Laptopfach bis 16 Zoll, separates Nassfach und ein Flaschenhalter an der Seite. Wasserabweisendes, beschichtetes Polyester. Feucht abwischen.',
    tags: ['bag', 'new', 'unisex'],
    daysAgo: 40,
    colours: ['Black', 'Olive'],
    price: 5999,
  },
  {
    slug: 'snapback-cap',
    code: 'CAP-SNAP',
    category: 'accessories',
    silhouette: 'cap',
    title: 'Snapback Cap',
    subtitle: 'Embroidered logo, flat brim',
    description: 'A structured six-panel snapback with a raised embroidered logo and a flat brim. Cotton twill, adjustable snap closure, one size fits most. Spot clean only.',
    titleDe: 'Snapback Cap',
    subtitleDe: 'Gesticktes Logo, flacher Schirm',
    descriptionDe:
      'Eine formstabile Six-Panel-Snapback mit erhaben gesticktem Logo und flachem Schirm. Baumwoll-Twill, verstellbarer Druckverschluss, eine Größe für fast alle. Nur punktuell reinigen.',
    tags: ['cap', 'unisex'],
    daysAgo: 250,
    colours: ['Black', 'Bone'],
    price: 2499,
  },
  {
    slug: 'crew-socks-3-pack',
    code: 'SOCK-CREW',
    category: 'accessories',
    silhouette: 'socks',
    title: 'Crew Socks 3-Pack',
    subtitle: 'Cushioned sole, arch support',
    description:
      'Three pairs of crew socks with a cushioned terry sole, an elastic arch band and a knitted logo at the cuff. Combed cotton with polyamide for durability. Machine wash at 40 °C.',
    titleDe: 'Crew Socks 3er-Pack',
    subtitleDe: 'Gepolsterte Sohle, Fußgewölbestütze',
    descriptionDe:
      'Drei Paar Crew-Socken mit gepolsterter Frottee-Sohle, elastischem Band am Fußgewölbe und eingestricktem Logo am Bund. Gekämmte Baumwolle mit Polyamid, damit sie lange halten. Bei 40 °C waschbar.',
    tags: ['socks', 'unisex'],
    daysAgo: 175,
    sizes: ['39-42', '43-46'],
    colours: ['White', 'Black'],
    price: 1699,
  },
  {
    slug: 'shaker-bottle-700ml',
    code: 'SHKR-700',
    category: 'accessories',
    silhouette: 'shaker',
    title: 'Shaker Bottle 700 ml',
    subtitle: 'Leak-proof, with mixing grid',
    description:
      'A leak-proof 700 ml shaker in BPA-free plastic with a removable mixing grid, a screw lid and a flip cap. Measuring marks in ml and oz. Dishwasher safe (top rack).',
    titleDe: 'Shaker 700 ml',
    subtitleDe: 'Auslaufsicher, mit Mischsieb',
    descriptionDe:
      'Ein auslaufsicherer 700-ml-Shaker aus BPA-freiem Kunststoff mit herausnehmbarem Mischsieb, Schraubdeckel und Klappverschluss. Skala in ml und oz. Spülmaschinenfest (oberer Korb).',
    tags: ['shaker', 'bottle', 'bestseller'],
    daysAgo: 295,
    colours: ['Black', 'Blood Red'],
    price: 1299,
  },
  {
    slug: 'steel-water-bottle-1l',
    code: 'BTL-STL',
    category: 'accessories',
    silhouette: 'bottle',
    title: 'Steel Water Bottle 1 L',
    subtitle: 'Double-walled, keeps cold 24 h',
    description:
      'A double-walled stainless steel bottle that keeps water cold for 24 hours and never sweats in your bag. One litre, powder-coated grip finish, leak-proof loop lid. Hand wash only.',
    titleDe: 'Edelstahl-Trinkflasche 1 l',
    subtitleDe: 'Doppelwandig, 24 h kalt',
    descriptionDe:
      'Eine doppelwandige Edelstahlflasche, die Dein Wasser 24 Stunden kalt hält und in der Tasche nicht beschlägt. Ein Liter, griffige Pulverbeschichtung, auslaufsicherer Deckel mit Schlaufe. Nur Handwäsche.',
    tags: ['bottle', 'unisex'],
    daysAgo: 145,
    colours: ['Black', 'Stone Grey'],
    price: 2499,
  },
  // ── Equipment ─────────────────────────────────────────────────────────────────────────────
  {
    slug: 'resistance-band-set',
    code: 'BAND-SET',
    category: 'equipment',
    silhouette: 'band',
    title: 'Resistance Band Set',
    subtitle: 'Five loop bands, 5–57 kg',
    description:
      'Five latex loop bands from 5 to 57 kg of resistance for warm-ups, assisted pull-ups and banded deadlifts. Layered natural latex that does not snap, with a drawstring carry bag. Rinse with water, dry away from sunlight.',
    titleDe: 'Resistance Band Set',
    subtitleDe: 'Fünf Loop-Bänder, 5–57 kg',
    descriptionDe:
      'Fünf Latex-Loop-Bänder von 5 bis 57 kg Widerstand – fürs Aufwärmen, unterstützte Klimmzüge und Kreuzheben mit Band. Geschichteter Naturlatex, der nicht reißt, inklusive Beutel. Mit Wasser abspülen und nicht in der Sonne trocknen.',
    tags: ['bands', 'unisex'],
    daysAgo: 205,
    price: 3499,
    imageColour: 'Blood Red',
  },
  {
    slug: 'speed-jump-rope',
    code: 'ROPE-SPD',
    category: 'equipment',
    silhouette: 'rope',
    title: 'Speed Jump Rope',
    subtitle: 'Ball-bearing handles, adjustable cable',
    description:
      'A speed rope with aluminium handles on ball bearings and a 3 m coated steel cable you can cut to length. Built for double-unders and conditioning finishers. Currently sold out.',
    titleDe: 'Speed Jump Rope',
    subtitleDe: 'Kugelgelagerte Griffe, kürzbares Seil',
    descriptionDe:
      'Ein Speed Rope mit kugelgelagerten Aluminiumgriffen und 3 m ummanteltem Stahlseil, das Du auf Deine Länge kürzt. Gemacht für Double Unders und Conditioning-Finisher. Aktuell ausverkauft.',
    tags: ['rope', 'unisex'],
    daysAgo: 185,
    price: 1999,
    soldOut: true,
    imageColour: 'Olive',
  },
  {
    slug: 'lever-lifting-belt',
    code: 'BELT-LVR',
    category: 'equipment',
    silhouette: 'belt',
    title: 'Lever Lifting Belt',
    subtitle: '10 mm leather, steel lever buckle',
    description:
      'A powerlifting belt in 10 mm vegetable-tanned leather, 10 cm wide all round, with a steel lever buckle for one-second on and off. Stiff out of the box, moulds to you within weeks. Sized by waist; see the size guide. Treat with leather balm.',
    titleDe: 'Lever Lifting Belt',
    subtitleDe: '10 mm Leder, Hebelverschluss aus Stahl',
    descriptionDe:
      'Ein Powerlifting-Gürtel aus 10 mm pflanzlich gegerbtem Leder, rundum 10 cm breit, mit Hebelverschluss aus Stahl – in einer Sekunde zu und wieder auf. Anfangs steif, nach ein paar Wochen passt er sich Dir an. Größe nach Taillenumfang, siehe Größentabelle. Mit Lederbalsam pflegen.',
    tags: ['belt', 'bestseller', 'unisex'],
    featured: true,
    daysAgo: 265,
    sizes: S,
    colours: ['Black'],
    price: 8999,
    stock: { 'BLK-XL': 0 },
  },
  {
    slug: 'knee-sleeves-7mm',
    code: 'SLV-KNEE',
    category: 'equipment',
    silhouette: 'sleeve',
    title: 'Knee Sleeves 7 mm',
    subtitle: 'Neoprene, sold as a pair',
    description:
      'Knee sleeves in 7 mm neoprene that keep your joints warm and add support out of the hole. Contoured fit, reinforced seams. Sized by knee circumference; snug is right. Hand wash, air dry.',
    titleDe: 'Kniebandagen 7 mm',
    subtitleDe: 'Neopren, im Paar',
    descriptionDe:
      'Kniebandagen aus 7 mm Neopren, die Deine Gelenke warm halten und Dir aus dem tiefen Punkt heraus Halt geben. Anatomisch geformt, verstärkte Nähte. Größe nach Knieumfang – eng ist richtig. Von Hand waschen, an der Luft trocknen.',
    tags: ['sleeves', 'bestseller', 'unisex'],
    daysAgo: 235,
    sizes: S,
    colours: ['Black'],
    price: 3999,
  },
  {
    slug: 'high-density-foam-roller',
    code: 'ROLL-FOAM',
    category: 'equipment',
    silhouette: 'roller',
    title: 'High-Density Foam Roller',
    subtitle: '45 cm, textured surface',
    description: 'A 45 cm foam roller in high-density EVA around a hollow core, with a textured surface for deeper release. Holds its shape under full body weight. Wipe clean.',
    titleDe: 'Faszienrolle High Density',
    subtitleDe: '45 cm, strukturierte Oberfläche',
    descriptionDe:
      'Eine 45 cm lange Faszienrolle aus hochdichtem EVA um einen Hohlkern, mit strukturierter Oberfläche für intensivere Massage. Bleibt auch unter vollem Körpergewicht formstabil. Feucht abwischen.',
    tags: ['recovery', 'unisex'],
    daysAgo: 100,
    colours: ['Black'],
    price: 2999,
  },
  {
    slug: 'liquid-chalk-250ml',
    code: 'CHLK-LIQ',
    category: 'equipment',
    silhouette: 'tub',
    title: 'Liquid Chalk 250 ml',
    subtitle: 'Dries in seconds, no dust',
    description:
      'Liquid chalk made of magnesium carbonate and alcohol that dries in seconds and lasts through heavy pulls, without the dust cloud. 250 ml bottle, enough for months. Keep away from open flames.',
    titleDe: 'Liquid Chalk 250 ml',
    subtitleDe: 'Trocknet in Sekunden, staubfrei',
    descriptionDe:
      'Flüssiges Magnesia aus Magnesiumcarbonat und Alkohol: trocknet in Sekunden und hält auch bei schwerem Kreuzheben – ganz ohne Staubwolke. 250-ml-Flasche, reicht monatelang. Von offenen Flammen fernhalten.',
    tags: ['chalk', 'unisex'],
    daysAgo: 85,
    price: 1299,
    imageColour: 'White',
  },
  {
    slug: 'pull-up-assist-bands',
    code: 'BAND-PULL',
    category: 'equipment',
    silhouette: 'band',
    title: 'Pull-Up Assist Bands',
    subtitle: 'Long loop bands, set of three',
    description: 'Three long loop bands for assisted pull-ups and dips, from light to heavy. Natural latex with colour-coded resistance. Rinse with water, store out of the sun.',
    titleDe: 'Klimmzug-Hilfebänder',
    subtitleDe: 'Lange Loop-Bänder, 3er-Set',
    descriptionDe:
      'Drei lange Loop-Bänder für unterstützte Klimmzüge und Dips, von leicht bis schwer. Naturlatex, Widerstand nach Farbe. Mit Wasser abspülen, vor Sonne geschützt lagern.',
    tags: ['bands', 'new'],
    status: 'draft',
    daysAgo: 4,
    price: 2999,
    imageColour: 'Olive',
  },
  // ── Supplements ───────────────────────────────────────────────────────────────────────────
  {
    slug: 'whey-protein-isolate',
    code: 'WHEY-ISO',
    category: 'supplements',
    silhouette: 'tub',
    title: 'Whey Protein Isolate',
    subtitle: '27 g protein per serving, low sugar',
    description:
      'Cross-flow filtered whey isolate with 27 g of protein and under 1 g of sugar per 30 g serving. Mixes smooth in water or milk, no clumps. Made in Germany from EU milk. Store cool and dry; use within 3 months of opening.',
    titleDe: 'Whey Protein Isolat',
    subtitleDe: '27 g Protein pro Portion, wenig Zucker',
    descriptionDe:
      'Per Cross-Flow-Filtration gewonnenes Whey-Isolat mit 27 g Protein und unter 1 g Zucker pro 30-g-Portion. Löst sich in Wasser oder Milch ohne Klümpchen. Hergestellt in Deutschland aus EU-Milch. Kühl und trocken lagern, nach dem Öffnen innerhalb von 3 Monaten aufbrauchen.',
    tags: ['protein', 'bestseller'],
    featured: true,
    daysAgo: 255,
    sizes: ['1 kg', '2 kg'],
    colours: ['Chocolate', 'Vanilla', 'Strawberry'],
    price: 3999,
    sizePrice: { '1 kg': 3999, '2 kg': 6999 },
    stock: { 'STRW-2KG': 0 },
  },
  {
    slug: 'creatine-monohydrate',
    code: 'CREA-MONO',
    category: 'supplements',
    silhouette: 'tub',
    title: 'Creatine Monohydrate',
    subtitle: 'Creapure®, 500 g, unflavoured',
    description:
      'Pure creatine monohydrate in Creapure® quality from Germany, micronised so it dissolves completely. 5 g a day, every day: 100 servings per tub. No flavour, no fillers. Store dry.',
    titleDe: 'Kreatin Monohydrat',
    subtitleDe: 'Creapure®, 500 g, geschmacksneutral',
    descriptionDe:
      'Reines Kreatin-Monohydrat in Creapure®-Qualität aus Deutschland, mikronisiert, damit es sich vollständig auflöst. 5 g am Tag, jeden Tag: 100 Portionen pro Dose. Ohne Geschmack, ohne Füllstoffe. Trocken lagern.',
    tags: ['creatine', 'bestseller'],
    daysAgo: 275,
    sizes: ['500 g'],
    colours: ['Unflavoured'],
    price: 2999,
  },
  {
    slug: 'no-mercy-pre-workout',
    code: 'PRE-NOMC',
    category: 'supplements',
    silhouette: 'tub',
    title: 'No Mercy Pre-Workout',
    subtitle: '200 mg caffeine, citrulline, beta-alanine',
    description:
      'Our pre-workout for the sessions that matter: 200 mg caffeine, 6 g citrulline malate and 3.2 g beta-alanine per serving, no proprietary blends. 30 servings. Not for children or pregnant women; do not exceed one serving a day.',
    titleDe: 'No Mercy Pre-Workout',
    subtitleDe: '200 mg Koffein, Citrullin, Beta-Alanin',
    descriptionDe:
      'Unser Pre-Workout für die Sessions, die zählen: 200 mg Koffein, 6 g Citrullin-Malat und 3,2 g Beta-Alanin pro Portion – transparent dosiert, keine Geheimmischungen. 30 Portionen. Nicht für Kinder und Schwangere; höchstens eine Portion pro Tag.',
    tags: ['pre-workout'],
    daysAgo: 90,
    sizes: ['300 g'],
    colours: ['Blood Orange', 'Sour Cherry'],
    price: 3499,
  },
  {
    slug: 'bcaa-2-1-1',
    code: 'BCAA-211',
    category: 'supplements',
    silhouette: 'tub',
    title: 'BCAA 2:1:1',
    subtitle: 'Intra-workout, with electrolytes',
    description:
      'Branched-chain amino acids in the classic 2:1:1 ratio with added electrolytes, for long sessions and hot days. Sugar-free, 40 servings. Mix one scoop into 500 ml of cold water.',
    titleDe: 'BCAA 2:1:1',
    subtitleDe: 'Intra-Workout, mit Elektrolyten',
    descriptionDe:
      'Verzweigtkettige Aminosäuren im klassischen 2:1:1-Verhältnis plus Elektrolyte – für lange Einheiten und heiße Tage. Zuckerfrei, 40 Portionen. Einen Messlöffel in 500 ml kaltes Wasser rühren.',
    tags: ['amino'],
    daysAgo: 125,
    sizes: ['400 g'],
    colours: ['Lemon Ice', 'Watermelon'],
    price: 2799,
    compareAtPrice: 3299,
  },
  {
    slug: 'protein-bar-box',
    code: 'BAR-12',
    category: 'supplements',
    silhouette: 'bar',
    title: 'Protein Bar Box (12 × 60 g)',
    subtitle: '20 g protein, crunchy layer',
    description:
      'Twelve protein bars with 20 g of protein each, a crunchy crisp layer and a real chocolate coating. Under 2 g of sugar per bar. The post-workout snack that survives a gym bag. Store below 25 °C.',
    titleDe: 'Proteinriegel Box (12 × 60 g)',
    subtitleDe: '20 g Protein, knusprige Schicht',
    descriptionDe:
      'Zwölf Proteinriegel mit je 20 g Protein, knuspriger Crisp-Schicht und echtem Schokoladenüberzug. Unter 2 g Zucker pro Riegel. Der Snack nach dem Training, der auch die Sporttasche überlebt. Unter 25 °C lagern.',
    tags: ['protein', 'snack', 'new'],
    daysAgo: 25,
    colours: ['Chocolate Brownie', 'Peanut Caramel'],
    price: 2999,
  },
  {
    slug: 'electrolyte-hydration-mix',
    code: 'HYDR-MIX',
    category: 'supplements',
    silhouette: 'tub',
    title: 'Electrolyte Hydration Mix',
    subtitle: 'Sodium, potassium, magnesium',
    description:
      'A zero-sugar hydration mix with 500 mg sodium, potassium and magnesium per serving, for summer sessions and long cardio. 30 servings. Mix one scoop into 500 ml of water.',
    titleDe: 'Elektrolyt Hydration Mix',
    subtitleDe: 'Natrium, Kalium, Magnesium',
    descriptionDe:
      'Ein zuckerfreier Hydration-Mix mit 500 mg Natrium, dazu Kalium und Magnesium pro Portion – für Sommer-Sessions und lange Cardio-Einheiten. 30 Portionen. Einen Messlöffel in 500 ml Wasser.',
    tags: ['hydration'],
    status: 'draft',
    daysAgo: 1,
    sizes: ['300 g'],
    colours: ['Lemon Ice'],
    price: 2499,
  },
];

/** EAN-13 check digit for 12 digits (weights 1, 3 alternating from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A small deterministic hash, so stock levels look random but are the same on every seed. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const skuPart = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Cuts text at a word boundary so it fits max characters (ending with … when cut). */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:–-]+$/, '')}…`;
}

const BRAND = 'No Pain, No Gain';
export function metaTitleFor(title: string): string {
  const long = `${title} | ${BRAND}`;
  return title.includes(BRAND) || long.length > 60 ? fitText(title, 60) : long;
}

/** GS1 prefix 426 (Germany) plus a company number; the rest numbers the variants. */
const BARCODE_PREFIX = '42609871';

function expand(defs: ProductDef[]): SeedProduct[] {
  let barcodeSerial = 0;
  return defs.map((def) => {
    const sizes: readonly (string | null)[] = def.sizes ?? [null];
    const colours: readonly (Colour | null)[] = def.colours ?? [null];
    const variants: SeedVariant[] = [];
    for (const color of colours) {
      for (const size of sizes) {
        const suffix = [color && COLOURS[color].code, size && skuPart(size)].filter(Boolean).join('-');
        const sku = ['NPNG', def.code, suffix].filter(Boolean).join('-');
        const h = hash(sku);
        // Some sizes of the bigger ranges run out; small ranges stay in stock unless stated.
        const generated = sizes.length * colours.length >= 6 && h % 9 === 0 ? 0 : 4 + (h % 57);
        const inventory = def.soldOut ? 0 : (def.stock?.[suffix] ?? generated);
        barcodeSerial++;
        const first12 = BARCODE_PREFIX + String(barcodeSerial).padStart(4, '0');
        variants.push({
          sku,
          size,
          color,
          price: (size === null ? undefined : def.sizePrice?.[size]) ?? def.price,
          compareAtPrice: def.compareAtPrice ?? null,
          inventory,
          barcode: first12 + ean13CheckDigit(first12),
        });
      }
    }
    return {
      slug: def.slug,
      category: def.category,
      title: def.title,
      subtitle: def.subtitle,
      description: def.description,
      titleDe: def.titleDe,
      subtitleDe: def.subtitleDe,
      descriptionDe: def.descriptionDe,
      tags: def.tags,
      featured: def.featured ?? false,
      status: def.status ?? 'published',
      metaTitle: metaTitleFor(def.title),
      metaDescription: fitText(def.description, 160),
      daysAgo: def.daysAgo,
      silhouette: def.silhouette,
      imageColour: def.imageColour ?? def.colours?.[0] ?? 'Stone Grey',
      variants,
    };
  });
}

export const CATALOGUE: readonly SeedProduct[] = expand(DEFS);

export function productBySlug(slug: string): SeedProduct {
  const product = CATALOGUE.find((p) => p.slug === slug);
  if (!product) throw new Error(`no seed product ${slug}`);
  return product;
}

export function variantBySku(sku: string): { product: SeedProduct; variant: SeedVariant } {
  for (const product of CATALOGUE) {
    const variant = product.variants.find((v) => v.sku === sku);
    if (variant) return { product, variant };
  }
  throw new Error(`no seed variant ${sku}`);
}
