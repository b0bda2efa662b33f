/**
 * Reviews for the demo catalogue: invented customers (no account, user_id null) in English and a few
 * in German, mostly approved, some pending moderation and two rejected; plus the seed customer's own
 * reviews of products from his delivered orders (see orders.ts).
 */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface SeedReview {
  slug: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  authorName: string;
  authorEmail: string;
  status: ReviewStatus;
  daysAgo: number;
  /** Written by the seed customer (user_id = his account). */
  byCustomer?: true;
}

type Row = [slug: string, rating: SeedReview['rating'], title: string, body: string, author: string, daysAgo: number, status?: ReviewStatus];

const email = (name: string) =>
  `${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]+/g, '.')}@example.com`;

const ROWS: Row[] = [
  [
    'iron-oversized-tee',
    5,
    'Best oversized tee I own',
    'Heavy fabric, the collar is still tight after twenty washes. I sized down to M like the guide says and the fit is perfect.',
    'Jonas Weber',
    240,
  ],
  [
    'iron-oversized-tee',
    5,
    'Endlich ein Shirt, das hält',
    'Der Stoff ist richtig dick und fällt schön kastig. Nach vielen Wäschen kein bisschen verzogen. Kaufe ich in jeder Farbe.',
    'Lena Hoffmann',
    200,
  ],
  [
    'iron-oversized-tee',
    4,
    'Great, but runs big',
    'Love the weight and the drop shoulder. It really is oversized, so take one size smaller if you want it less boxy.',
    'Marcus Reid',
    150,
  ],
  ['iron-oversized-tee', 5, 'Bone colour is perfect', 'The bone colour looks even better in person. Thick enough that it does not show sweat marks.', 'Priya Nair', 90],
  ['iron-oversized-tee', 3, 'Good shirt, slow delivery', 'The shirt itself is great. Shipping to Austria took eight days though.', 'Tobias Gruber', 60],
  [
    'no-pain-no-gain-classic-tee',
    5,
    'The classic for a reason',
    'Soft, breathable and the print has not cracked after months of training. Regular fit, true to size.',
    'Daniel Kim',
    260,
  ],
  ['no-pain-no-gain-classic-tee', 4, 'Solid everyday tee', 'Lighter than the Iron tee, which I actually prefer for summer. Print is sharp.', 'Sofia Rossi', 120],
  ['grind-heavyweight-tee', 5, 'Feels like a premium brand', 'Really heavy and the washed olive colour is beautiful. Worth every cent.', 'Felix Braun', 6],
  ['blood-sweat-oversized-tee', 5, 'That puff print', 'The cracked puff print looks insane in person. Glad I caught it on sale.', 'Aylin Demir', 70],
  ['blood-sweat-oversized-tee', 4, 'Nice colour', 'Deep red, not orange-ish like other brands. Slight shrink in length after the first wash.', 'Chris Walker', 40],
  ['community-pocket-tee', 4, 'My rest day uniform', 'Comfortable, pocket is a nice touch. Not a gym shirt for me, but great for everything else.', 'Hannah Schulz', 150],
  ['tiktok-to-empire-tee', 5, 'Part of the story', 'Followed the brand since the first TikTok. Wearing this one feels like being part of it.', 'Mia Fischer', 140],
  ['iron-heavyweight-hoodie', 5, 'Warmest hoodie I have', 'Thick, brushed inside, the hood actually stays up. Perfect for early morning sessions in winter.', 'Lukas Meyer', 230],
  ['iron-heavyweight-hoodie', 5, 'Qualität top', 'Schwer, weich und die Kapuze ist doppellagig. Nach dem Waschen nicht eingelaufen. Klare Empfehlung.', 'Katharina Wolf', 160],
  ['iron-heavyweight-hoodie', 4, 'Great hoodie, long sleeves', 'Quality is excellent. Sleeves are a bit long for me but the cuffs hold them in place.', 'Ethan Brooks', 100],
  ['iron-heavyweight-hoodie', 2, 'Too warm for the gym', 'Nice quality but far too warm to train in. More of a commute hoodie.', 'Noah Jensen', 50],
  ['no-days-off-hoodie', 5, 'Embroidery is clean', 'The sleeve embroidery is really well done and the olive is a great shade.', 'Jana Krüger', 130],
  ['no-days-off-hoodie', 4, 'Comfy', 'Slightly thinner than the Iron hoodie, which works better for training. Hidden pocket is handy.', 'Oliver Bennett', 80],
  ['blood-red-drop-hoodie', 5, 'Number 127 of 300', 'Still can not believe I got one. Heavy, boxy and that red is unreal.', 'Leon Schneider', 220],
  ['cropped-training-hoodie', 5, 'Perfect length with leggings', 'Ends exactly at the waistband of my high-waist leggings. Thumbholes are great.', 'Emma Lange', 45],
  ['cropped-training-hoodie', 4, 'Cute and comfy', 'Love the stone grey. Raw hem is a bit wavy after washing, but it suits the style.', 'Chloe Martin', 30],
  [
    'performance-zip-jacket',
    5,
    'Ran in the rain, stayed dry',
    'Light drizzle beaded right off. Fits athletic, not tight. Pockets hold a phone without bouncing.',
    'Max Zimmermann',
    10,
  ],
  ['retro-track-jacket', 4, 'Proper throwback', 'Looks great, feels like the nineties. Runs slightly short in the body.', 'Ryan Cooper', 110],
  ['muscle-tank', 5, 'Arm day essential', 'Deep armholes without being indecent. The black one is my go-to.', 'Kevin Schmitt', 100],
  ['muscle-tank', 3, 'OK', 'Fabric is fine, but the white one is quite see-through.', 'Dominik Roth', 70],
  ['racerback-tank', 5, 'So light', 'Dries super fast and does not cling during HIIT. Ordered a second one.', 'Laura Becker', 60],
  ['raw-cut-stringer', 5, 'Old school vibes', 'Exactly what a stringer should be. Shows off the back, the edges roll nicely.', 'Sven Hartmann', 180],
  ['iron-joggers', 5, 'Best joggers I have owned', 'Heavy fleece, perfect taper, and the zipped back pocket is a lifesaver.', 'Paul Richter', 250],
  ['iron-joggers', 5, 'Sitzen perfekt', 'Normale Größe passt genau, das Bein ist schön schmal. Die Gesäßtasche mit Reißverschluss ist Gold wert.', 'Moritz Klein', 180],
  ['iron-joggers', 4, 'Great but pilling a bit', 'Fit and weight are great. Some light pilling between the thighs after a few months.', 'Isabella Costa', 90],
  ['tapered-cargo-joggers', 5, 'Squat-proof cargo pants', 'Finally cargos I can actually train in. The stretch is real.', 'Jan Wagner', 5],
  ['training-shorts-7-inch', 4, 'Good length', 'Seven inches is perfect, not too short. Wish there were two zipped pockets.', 'Michael Torres', 95],
  ['mesh-squat-shorts', 5, 'Leg day approved', 'Airy, light and nothing catches on the bar. The red looks fierce.', 'Tim Vogel', 40],
  ['seamless-leggings', 5, 'Actually squat-proof', 'Did the squat test in bright light. Nothing shows. Waistband never rolls down.', 'Sarah Neumann', 210],
  ['seamless-leggings', 5, 'Obsessed', 'Soft, sculpting and the olive colour is gorgeous. Bought a second pair in black.', 'Olivia Harris', 150],
  ['seamless-leggings', 4, 'Love them, run slightly small', 'If you are between sizes, go up. Otherwise perfect.', 'Marie Schwarz', 75],
  ['seamless-leggings', 5, 'Beste Leggings', 'Blickdicht, bequem und der Bund bleibt oben, auch beim Kreuzheben. Hab sie jetzt in allen drei Farben.', 'Anna Zimmer', 35],
  ['high-waist-scrunch-leggings', 4, 'Flattering', 'The scrunch is subtle, the fabric is thick. Pocket fits a key but not a phone.', 'Grace Turner', 9],
  ['biker-shorts', 5, 'No rolling up', 'Finally biker shorts that stay in place during lunges.', 'Nina Berger', 100],
  ['flex-sports-bra', 4, 'Comfortable support', 'Great for lifting, maybe not enough for running. The crossed straps look nice.', 'Julia Werner', 120],
  ['high-impact-sports-bra', 5, 'Holds everything', 'Ran a half marathon in it, zero bounce, no chafing.', 'Rachel Adams', 20],
  ['pro-lifting-straps', 5, 'Grip for days', 'Deadlifted 240 kg with these and they did not slip once. Padding is comfortable.', 'Florian Baumann', 270],
  ['pro-lifting-straps', 5, 'Cheap and great', 'For the price you can not go wrong. Red ones look great with the black gear.', 'Andrew Mitchell', 120],
  ['heavy-duty-wrist-wraps', 4, 'Stiff, as they should be', 'Very supportive on heavy bench. Velcro is strong. Takes a few sessions to break in.', 'Patrick Schäfer', 150],
  ['iron-duffel-bag', 5, 'Fits everything', 'Shoes in the side pocket, clothes, shaker, belt. Still room left. Great quality.', 'Benjamin Lewis', 200],
  ['iron-duffel-bag', 4, 'Big and sturdy', 'Excellent bag. Shoulder strap could use a bit more padding.', 'Stefan Koch', 110],
  ['snapback-cap', 5, 'Fresh', 'Structured, embroidered logo is clean, fits my big head.', 'Marco Bianchi', 190],
  ['crew-socks-3-pack', 4, 'Comfortable socks', 'Cushioned sole makes a difference in lifting shoes. Still white after a few washes.', 'Eva Kaiser', 130],
  ['shaker-bottle-700ml', 5, 'Does not leak', 'Threw it in my bag full of protein, not a drop. Dishwasher safe too.', 'Ahmed Hassan', 260],
  ['steel-water-bottle-1l', 5, 'Cold all day', 'Ice was still there after a full workday. Does not sweat at all.', 'Lisa Frank', 120],
  ['resistance-band-set', 4, 'Good set', 'Good range from light to heavy. The lightest band is really light.', 'Daniel Müller', 180],
  ['lever-lifting-belt', 5, 'Competition-grade', 'Stiff leather, lever is solid. Broke in after three weeks. My squat feels locked in.', 'Erik Lindqvist', 230],
  ['knee-sleeves-7mm', 5, 'Warm and snug', 'Hard to get on, as they should be. My knees feel great on heavy squat days.', 'Fabian Schröder', 200],
  ['high-density-foam-roller', 4, 'Firm', 'Really firm, takes some getting used to. Does the job for quads and back.', 'Sophie Lambert', 80],
  ['liquid-chalk-250ml', 5, 'No mess', 'My gym does not allow powder chalk. This is the perfect solution.', 'Tom Wright', 60],
  ['whey-protein-isolate', 5, 'Mixes perfectly', 'Chocolate tastes like chocolate milk, no clumps even with just a shaker.', 'Alexander Lehmann', 230],
  ['whey-protein-isolate', 4, 'Leckerer Vanille-Geschmack', 'Löst sich gut auf und ist nicht zu süß. Preis ist okay für Isolat.', 'Carina Walter', 140],
  ['whey-protein-isolate', 3, 'Strawberry is too sweet', 'Quality seems fine but the strawberry flavour is really artificial. Chocolate is better.', 'Megan Price', 70],
  ['creatine-monohydrate', 5, 'Just creatine', 'Creapure, no nonsense, dissolves well. Exactly what I want.', 'Robin Graf', 250],
  ['no-mercy-pre-workout', 4, 'Strong kick', 'Blood orange tastes great. 200 mg caffeine is plenty, do not take it after 4 pm.', 'Dennis Kraus', 60],
  ['bcaa-2-1-1', 4, 'Refreshing', 'Lemon Ice is really refreshing during long sessions.', 'Vanessa Horn', 90],
  ['protein-bar-box', 5, 'Tastes like a real candy bar', 'Peanut caramel is ridiculous. Crunchy, not chalky.', 'Luca Ferrari', 15],
  // Pending moderation.
  ['iron-oversized-tee', 5, 'Bought three', 'After the first one I bought two more colours. Nothing else to say.', 'Nils Petersen', 2, 'pending'],
  ['grind-heavyweight-tee', 4, 'Nice, a bit short', 'Great fabric. Length could be 2 cm longer for tall guys.', 'Jakob Lorenz', 3, 'pending'],
  ['iron-joggers', 5, 'Again and again', 'My third pair. Nothing beats them.', 'Samuel Green', 1, 'pending'],
  ['performance-zip-jacket', 4, 'Guter Schnitt', 'Sitzt athletisch und ist angenehm leicht. Die Reflektoren könnten größer sein.', 'Timo Brandt', 2, 'pending'],
  ['seamless-leggings', 5, 'New favourite', 'Wore them for a 2-hour session, did not move once.', 'Zoe Clarke', 4, 'pending'],
  ['no-mercy-pre-workout', 2, 'Gave me the tingles', 'Way too much beta-alanine tingling for me. Energy was good though.', 'Kai Schubert', 5, 'pending'],
  ['lever-lifting-belt', 5, 'Worth it', 'Expensive, but it will last forever.', 'Ben Hughes', 3, 'pending'],
  ['protein-bar-box', 4, 'Good snack', 'Brownie flavour is good, a bit dry.', 'Leonie Busch', 1, 'pending'],
  // Rejected by moderation.
  ['iron-heavyweight-hoodie', 1, 'Visit my shop', 'Cheap hoodies at my website, click the link in my profile!!!', 'Promo Bot', 30, 'rejected'],
  ['whey-protein-isolate', 1, 'asdf', 'asdfasdf', 'Test User', 20, 'rejected'],
];

export const CUSTOMER_REVIEWS: Omit<SeedReview, 'authorName' | 'authorEmail'>[] = [
  {
    slug: 'iron-oversized-tee',
    rating: 5,
    title: 'Lives up to the hype',
    body: 'Bought two in black. Thick, boxy, and they still look new after months of training and washing.',
    status: 'approved',
    daysAgo: 130,
    byCustomer: true,
  },
  {
    slug: 'lever-lifting-belt',
    rating: 5,
    title: 'Mein bester Kauf dieses Jahr',
    body: 'Am Anfang bretthart, nach drei Wochen sitzt er perfekt. Der Hebel geht blitzschnell auf und zu.',
    status: 'approved',
    daysAgo: 180,
    byCustomer: true,
  },
  {
    slug: 'knee-sleeves-7mm',
    rating: 4,
    title: 'Solid support',
    body: 'Snug and warm, my knees feel much better on squat days. Took me a while to get them on the first time.',
    status: 'approved',
    daysAgo: 175,
    byCustomer: true,
  },
];

export const GUEST_REVIEWS: SeedReview[] = ROWS.map(([slug, rating, title, body, authorName, daysAgo, status]) => ({
  slug,
  rating,
  title,
  body,
  authorName,
  authorEmail: email(authorName),
  status: status ?? 'approved',
  daysAgo,
}));
