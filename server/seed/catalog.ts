/**
 * The per-country catalog of a demo workspace: tags, chat templates, products and topics.
 * Pure: rows without workspace_id/version, which the writer adds.
 */
import type { Country } from '../../contract/constants.ts';
import type { Rng } from './prng.ts';

const DAY = 86400;

export const TAG_TITLES = [
  'Top seller',
  'Replied',
  'Needs sample',
  'Sample sent',
  'High engagement',
  'Long-term partner',
  'Live seller',
  'Micro creator',
  'Follow up',
  'Price sensitive',
  'No reply',
  'Agency managed',
] as const;
export type TagTitle = (typeof TAG_TITLES)[number];
/** Tags every market keeps: the creator generator leans on them. */
const CORE_TAGS: TagTitle[] = ['Top seller', 'Replied', 'Needs sample', 'Sample sent', 'Micro creator'];

const TEMPLATES: [string, string][] = [
  [
    'First outreach',
    "Hi {creator_name}! I'm {seller_name} from our shop on TikTok Shop. We love your videos and think our product {product_id} would be a great fit for your audience. Would you be open to a free sample and a 15% commission?",
  ],
  [
    'Free sample offer',
    'Hey {creator_name}, we would love to send you a free sample of {product_id}, no strings attached. If you like it, a short video would mean a lot. Can you share your shipping address? – {seller_name}',
  ],
  [
    'Follow-up (no reply)',
    'Hi {creator_name}, just following up on my last message about {product_id}. The collaboration offer is still open this week. Let me know if you have any questions! – {seller_name}',
  ],
  [
    'Sample shipped',
    'Good news {creator_name}: your sample of {product_id} is on its way! Tracking details are in your inbox. Looking forward to your video. – {seller_name}',
  ],
  [
    'Posting reminder',
    'Hi {creator_name}, hope you are enjoying {product_id}! Friendly reminder about the video we agreed on. Tag our shop and add the product link so your commission is tracked. Thanks! – {seller_name}',
  ],
  [
    'Thank you & next campaign',
    'Thank you {creator_name}, your video for {product_id} performed amazingly! We are planning our next campaign and would love to work with you again. – {seller_name}',
  ],
];

const LOCAL_TEMPLATES: Partial<Record<Country, [string, string]>> = {
  MY: [
    'Ajakan kolaborasi',
    'Hai {creator_name}! Saya {seller_name}. Kami suka video anda dan ingin hantar sampel percuma {product_id}. Berminat untuk kolaborasi dengan komisen 15%?',
  ],
  ID: [
    'Ajakan kerja sama',
    'Halo kak {creator_name}! Aku {seller_name} dari toko kami di TikTok Shop. Mau kirim sampel gratis {product_id}, komisi 15%. Tertarik kerja sama?',
  ],
  VN: [
    'Lời mời hợp tác',
    'Chào {creator_name}! Mình là {seller_name}. Shop muốn gửi tặng bạn sản phẩm {product_id} để review, hoa hồng 15%. Bạn có hứng thú hợp tác không?',
  ],
  TH: [
    'ชวนร่วมงาน',
    'สวัสดีค่ะคุณ {creator_name} ดิฉัน {seller_name} จากร้านของเราใน TikTok Shop อยากส่งสินค้า {product_id} ให้ทดลองฟรี พร้อมค่าคอมมิชชั่น 15% สนใจร่วมงานไหมคะ',
  ],
};

const PRODUCTS: [string, string][] = [
  ['Niacinamide Brightening Serum 30ml', 'Beauty & Personal Care'],
  ['Tinted Lip Oil – Rosy Nude', 'Beauty & Personal Care'],
  ['SPF 50 Hydrating Sunscreen Gel', 'Beauty & Personal Care'],
  ['Heatless Curling Rod Headband', 'Beauty & Personal Care'],
  ['Foldable Storage Box Set (3 pcs)', 'Home Supplies'],
  ['LED Motion Sensor Closet Light', 'Home Supplies'],
  ['Microfiber Cleaning Cloths (12 pack)', 'Home Supplies'],
  ['Silicone Cooking Utensil Set (12 pcs)', 'Kitchenware'],
  ['Air Fryer Parchment Liners (100 pcs)', 'Kitchenware'],
  ['Glass Meal Prep Containers (5 pack)', 'Kitchenware'],
  ['Magnetic Wireless Power Bank 10000mAh', 'Phones & Electronics'],
  ['Bluetooth Earbuds with ENC', 'Phones & Electronics'],
  ['Phone Tripod with Remote', 'Phones & Electronics'],
  ['High-Waist Seamless Leggings', 'Womenswear & Underwear'],
  ['Oversized Cotton T-Shirt', 'Womenswear & Underwear'],
  ['Collagen Peptides Powder 300g', 'Health'],
  ['Adjustable Resistance Bands Set', 'Sports & Outdoor'],
  ['Insulated Water Bottle 1L', 'Sports & Outdoor'],
  ['Self-Cleaning Pet Slicker Brush', 'Pet Supplies'],
  ['Silicone Baby Feeding Set', 'Baby & Maternity'],
  ['Freeze-Dried Fruit Snacks', 'Food & Beverages'],
  ['Gold-Plated Charm Bracelet', 'Jewelry Accessories & Derivatives'],
];
const MODEST_PRODUCT: [string, string] = ['Instant Chiffon Hijab', 'Muslim Fashion'];

const TOPICS = [
  'tiktokmademebuyit',
  'founditontiktok',
  'skincareroutine',
  'cleantok',
  'ootd',
  'kitchengadgets',
];
const LOCAL_TOPICS: Record<Country, string[]> = {
  US: ['amazonfinds', 'backtoschool', 'blackfridaydeals'],
  GB: ['ukfinds', 'boxingdaysale'],
  MY: ['jomshopping', 'rayasale'],
  VN: ['reviewdoxinh', 'tetsale'],
  TH: ['tiktokป้ายยา', 'songkransale'],
  PH: ['budolfinds', 'paydaysale'],
  SG: ['sgfinds', 'lobang'],
  ID: ['racuntiktok', 'ramadhanseru'],
};
/** Active (future end_time) topics per market; the free tier allows 3 per workspace. */
const ACTIVE_TOPICS: Partial<Record<Country, number>> = { US: 2, ID: 1 };

export interface CountryCatalog {
  tags: { title: string; add_time: number; update_time: number }[];
  templates: { title: string; content: string; add_time: number; update_time: number }[];
  products: { product_id: string; product_title: string; category: string; product_img: string }[];
  topics: {
    challenge_id: string;
    challenge_title: string;
    end_time: number;
    cover_larger: string;
    video_count: number;
    view_count: number;
    is_commerce: number;
    check_time: number;
  }[];
  /** add_time/update_time shared by products and topics. */
  times: { add_time: number; update_time: number };
}

export function catalogFor(country: Country, rng: Rng, anchor: number): CountryCatalog {
  const created = anchor - rng.int(500, 540) * DAY;
  const stamp = () => {
    const add = created + rng.int(0, 60) * DAY + rng.int(0, DAY - 1);
    return { add_time: add, update_time: add + rng.int(0, 300) * DAY };
  };
  const optional = TAG_TITLES.filter((t) => !CORE_TAGS.includes(t));
  const tagTitles = [...CORE_TAGS, ...rng.sample(optional, rng.int(3, optional.length))];
  const local = LOCAL_TEMPLATES[country];
  const templateRows = local ? [...TEMPLATES, local] : TEMPLATES;
  const products = rng.sample(PRODUCTS, rng.int(10, 14));
  if (country === 'MY' || country === 'ID') products.push(MODEST_PRODUCT);
  const active = ACTIVE_TOPICS[country] ?? 0;
  const topicTitles = [...LOCAL_TOPICS[country], ...rng.sample(TOPICS, 3)];
  return {
    tags: tagTitles.map((title) => ({ title, ...stamp() })),
    templates: templateRows.map(([title, content]) => ({ title, content, ...stamp() })),
    products: products.map(([product_title, category]) => ({
      product_id: `17${rng.digits(17)}`,
      product_title,
      category,
      product_img: '',
    })),
    topics: topicTitles.map((challenge_title, i) => {
      const videos = Math.round(rng.pareto(200, 0.7));
      // The first `active` topics run into the future; the rest ended within the last months.
      const end = i < active ? anchor + rng.int(7, 60) * DAY : anchor - rng.int(3, 200) * DAY;
      return {
        challenge_id: rng.digits(rng.int(16, 19)),
        challenge_title,
        end_time: end,
        cover_larger: '',
        video_count: videos,
        view_count: videos * rng.int(2_000, 60_000),
        is_commerce: rng.chance(0.6) ? 1 : 0,
        check_time: Math.min(end, anchor) - rng.int(0, 3 * DAY),
      };
    }),
    times: stamp(),
  };
}
