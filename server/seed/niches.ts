/**
 * What creators post about: each niche brings handle words, shop categories (TikTok Shop's
 * top-level names) and bio lines. Creators pick one niche, sometimes a second.
 */
import type { Country } from '../../contract/constants.ts';

export interface Niche {
  key: string;
  words: readonly string[];
  categories: readonly string[];
  bios: readonly string[];
  /** Only these markets (modest fashion is a Malaysian and Indonesian niche). */
  only?: readonly Country[];
  /** Niches written by one side only (mom life, modest fashion, menswear). */
  gender?: 'female' | 'male';
  weight: number;
}

export const CATEGORIES = [
  'Beauty & Personal Care',
  'Womenswear & Underwear',
  'Menswear & Underwear',
  'Home Supplies',
  'Kitchenware',
  'Phones & Electronics',
  'Computers & Office Equipment',
  'Food & Beverages',
  'Health',
  'Sports & Outdoor',
  'Fashion Accessories',
  'Baby & Maternity',
  'Pet Supplies',
  'Toys & Hobbies',
  'Shoes',
  'Household Appliances',
  'Automotive & Motorcycle',
  'Muslim Fashion',
  'Jewelry Accessories & Derivatives',
  'Textiles & Soft Furnishings',
] as const;

type Category = (typeof CATEGORIES)[number];
const cats = (...c: Category[]): Category[] => c;

export const NICHES: readonly Niche[] = [
  {
    key: 'beauty',
    words: ['beauty', 'glow', 'makeup', 'skincare', 'glam', 'lips'],
    categories: cats('Beauty & Personal Care', 'Health'),
    bios: ['Skincare junkie 🧴', 'Makeup on a budget 💄', 'Glass skin journey ✨', 'Drugstore beauty finds'],
    weight: 22,
  },
  {
    key: 'fashion',
    words: ['style', 'ootd', 'outfits', 'closet', 'fashion'],
    categories: cats('Womenswear & Underwear', 'Fashion Accessories', 'Shoes'),
    bios: ['Daily OOTD 👗', 'Affordable outfit ideas', 'Try-on hauls every week', 'Petite style tips'],
    weight: 16,
  },
  {
    key: 'menswear',
    words: ['fits', 'drip', 'menstyle', 'kicks'],
    categories: cats('Menswear & Underwear', 'Shoes', 'Fashion Accessories'),
    bios: ["Men's style made simple", 'Sneakerhead 👟', 'Fits under $50'],
    gender: 'male',
    weight: 5,
  },
  {
    key: 'home',
    words: ['home', 'cozy', 'nest', 'homedecor', 'casa'],
    categories: cats('Home Supplies', 'Textiles & Soft Furnishings', 'Household Appliances'),
    bios: ['Small space, big ideas 🏡', 'Renter-friendly home hacks', 'Cozy home finds'],
    weight: 10,
  },
  {
    key: 'cleaning',
    words: ['cleantok', 'cleans', 'tidy', 'organize'],
    categories: cats('Home Supplies', 'Household Appliances'),
    bios: ['Satisfying cleaning 🫧', 'Organising every corner', 'Cleaning hacks that work'],
    weight: 6,
  },
  {
    key: 'kitchen',
    words: ['kitchen', 'cooks', 'recipes', 'eats', 'foodie'],
    categories: cats('Kitchenware', 'Food & Beverages', 'Household Appliances'),
    bios: ['Easy recipes for busy days 🍳', 'Air fryer everything', 'Kitchen gadget tester'],
    weight: 9,
  },
  {
    key: 'snacks',
    words: ['snacks', 'tastetest', 'munchies'],
    categories: cats('Food & Beverages'),
    bios: ['Trying every viral snack 🍜', 'Honest taste tests', 'Food reviews daily'],
    weight: 5,
  },
  {
    key: 'tech',
    words: ['tech', 'gadgets', 'unboxed', 'setup'],
    categories: cats('Phones & Electronics', 'Computers & Office Equipment'),
    bios: ['Gadget reviews & unboxings 📱', 'Desk setup inspo', 'Tech under budget'],
    weight: 7,
  },
  {
    key: 'fitness',
    words: ['fit', 'gym', 'wellness', 'lifts'],
    categories: cats('Sports & Outdoor', 'Health'),
    bios: ['Home workouts 💪', 'Fitness & healthy habits', 'Pilates girlie'],
    weight: 6,
  },
  {
    key: 'mom',
    words: ['mom', 'mama', 'momlife', 'littles'],
    categories: cats('Baby & Maternity', 'Toys & Hobbies', 'Home Supplies'),
    bios: ['Mom of 2 👶', 'Baby must-haves & mom hacks', 'Real mom life'],
    gender: 'female',
    weight: 7,
  },
  {
    key: 'pets',
    words: ['pets', 'pawsome', 'doggo', 'meow'],
    categories: cats('Pet Supplies'),
    bios: ['Dog mom 🐶', 'Cat content & pet finds', 'Spoiling my pets daily'],
    weight: 4,
  },
  {
    key: 'modest',
    words: ['hijab', 'muslimah', 'modest'],
    categories: cats('Muslim Fashion', 'Womenswear & Underwear'),
    bios: ['Modest fashion 🧕', 'Hijab styles daily', 'Muslimah lifestyle'],
    only: ['MY', 'ID', 'SG'],
    gender: 'female',
    weight: 8,
  },
  {
    key: 'auto',
    words: ['cars', 'garage', 'moto', 'detailing'],
    categories: cats('Automotive & Motorcycle', 'Household Appliances'),
    bios: ['Car detailing & accessories 🚗', 'Moto life', 'DIY garage fixes'],
    weight: 3,
  },
  {
    key: 'jewelry',
    words: ['sparkle', 'jewels', 'charms'],
    categories: cats('Jewelry Accessories & Derivatives', 'Fashion Accessories'),
    bios: ['Everyday jewelry stacks 💍', 'Dainty accessories', 'Charm bracelet addict'],
    weight: 3,
  },
];

/** The niches open to a creator of a market, with their weights lined up for Rng.weighted. */
export function nichesFor(country: Country, female: boolean): { items: Niche[]; weights: number[] } {
  const gender = female ? 'female' : 'male';
  const items = NICHES.filter(
    (n) => (!n.only || n.only.includes(country)) && (!n.gender || n.gender === gender),
  );
  return { items, weights: items.map((n) => n.weight) };
}
