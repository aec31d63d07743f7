/**
 * Who a generated creator is: names, a unique handle, display name, bio, link, email and the
 * contact fields a seller fills in after talking to them. Handles are unique per country; the
 * caller owns the set of taken handles (it spans the whole run, and existing rows on --append).
 */
import type { Country } from '../../contract/constants.ts';
import type { Rng } from './prng.ts';
import { REGIONS, asciiOf, type Region } from './regions.ts';
import type { Niche } from './niches.ts';

export interface Identity {
  given: string;
  family: string;
  female: boolean;
  /** The name written in full, in the market's order. */
  fullName: string;
  city: string;
}

export function identityFor(country: Country, rng: Rng): Identity {
  const region = REGIONS[country];
  const female = rng.chance(0.68);
  const given = rng.pick(female ? region.female : region.male);
  const family = rng.pick(region.family);
  const fullName = region.familyFirst ? `${family} ${given}` : `${given} ${family}`;
  return { given, family, female, fullName, city: rng.pick(region.cities) };
}

const MAX_HANDLE = 24;
const clipHandle = (h: string): string => h.slice(0, MAX_HANDLE).replace(/[._]+$/, '');

/** A TikTok-style unique_id: lowercase letters, digits, '.', '_' (2–24 characters). */
export function handleFor(
  who: Identity,
  niche: Niche,
  region: Region,
  rng: Rng,
  taken: Set<string>,
  serial: number,
): string {
  const g = asciiOf(who.given);
  const f = asciiOf(who.family);
  const w = rng.pick(niche.words);
  const sfx = rng.pick(region.suffixes);
  let handle: string;
  switch (rng.int(0, 11)) {
    case 0:
      handle = g + f;
      break;
    case 1:
      handle = `${g}.${f}`;
      break;
    case 2:
      handle = `${g}_${f}`;
      break;
    case 3:
      handle = g + w;
      break;
    case 4:
      handle = `${w}with${g}`;
      break;
    case 5:
      handle = `${g}.${sfx}`;
      break;
    case 6:
      handle = `${g}${f.slice(0, 1)}${rng.int(1, 99)}`;
      break;
    case 7:
      handle = `${g}_${w}_${sfx}`;
      break;
    case 8:
      handle = `the${g}${w}`;
      break;
    case 9:
      handle = `${f}${g}${rng.int(80, 2008)}`;
      break;
    case 10:
      handle = `its${g}`;
      break;
    default:
      handle = `${g}.${w}`;
  }
  handle = clipHandle(handle);
  // Collisions get the digits real users add; the serial makes the last attempt certain to be new.
  for (let attempt = 0; taken.has(handle) && attempt < 6; attempt++) {
    const base = handle.slice(0, MAX_HANDLE - 4);
    handle = base + String(rng.int(1, attempt < 3 ? 99 : 9999));
  }
  if (taken.has(handle)) handle = `${handle.slice(0, MAX_HANDLE - 8)}_${serial.toString(36)}`;
  taken.add(handle);
  return handle;
}

const EMOJI = ['✨', '🌸', '💕', '🛒', '🌿', '💫', '🔥', '🎀', '☁️', '🌷'];
const LABELS: Record<string, string> = {
  beauty: 'Beauty',
  fashion: 'Style',
  menswear: 'Fits',
  home: 'Home',
  cleaning: 'Clean Tok',
  kitchen: 'Kitchen',
  snacks: 'Eats',
  tech: 'Tech',
  fitness: 'Fitness',
  mom: 'Mom Life',
  pets: 'Pets',
  modest: 'Hijab Style',
  auto: 'Garage',
  jewelry: 'Jewels',
};

export function displayName(who: Identity, handle: string, niche: Niche, rng: Rng): string {
  const label = LABELS[niche.key] ?? 'Finds';
  // Weights: full name 30, name + emoji 15, "name | niche" 10, "Given F." 10, the handle 15,
  // "Given's niche" 10, full name + emoji 10.
  const r = rng.int(0, 99);
  if (r < 30) return who.fullName;
  if (r < 45) return `${who.given} ${rng.pick(EMOJI)}`;
  if (r < 55) return `${who.given} | ${label}`;
  if (r < 65) return `${who.given} ${who.family.slice(0, 1)}.`;
  if (r < 80) return handle;
  if (r < 90) return `${who.given}'s ${label}`;
  return `${who.fullName} ${rng.pick(EMOJI)}`;
}

const MAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'hotmail.com',
];

export function emailFor(handle: string, rng: Rng): string {
  const local = handle.replace(/_/g, '.').replace(/\.{2,}/g, '.');
  const variant = rng.weighted(
    [local, `${local}.collab`, `collab.${local}`, `${local}.biz`, `hello.${local}`],
    [50, 15, 10, 15, 10],
  );
  return `${variant}@${rng.pick(MAIL_DOMAINS)}`;
}

export function bioLinkFor(handle: string, rng: Rng): string {
  return rng.weighted(
    [
      `https://linktr.ee/${handle}`,
      `https://beacons.ai/${handle}`,
      `https://www.instagram.com/${handle}`,
      `https://www.youtube.com/@${handle}`,
      `https://${handle.replace(/[._]/g, '')}.carrd.co`,
    ],
    [40, 20, 20, 10, 10],
  );
}

export function signatureFor(
  niche: Niche,
  second: Niche | null,
  who: Identity,
  region: Region,
  email: string,
  rng: Rng,
): string {
  if (rng.chance(0.04)) return '';
  const parts = [rng.pick(niche.bios)];
  if (second && rng.chance(0.5)) parts.push(rng.pick(second.bios));
  if (rng.chance(0.5)) parts.push(rng.pick(region.phrases));
  if (rng.chance(0.35)) parts.push(`📍 ${who.city}`);
  if (email && rng.chance(0.4)) parts.push(`📩 ${email}`);
  return parts.join(rng.pick([' | ', ' · ', '\n']));
}

export function phoneFor(region: Region, rng: Rng): string {
  return rng.pick(region.phone).replace(/#/g, () => String(rng.int(0, 9)));
}

export function addressFor(who: Identity, region: Region, rng: Rng): string {
  return region.address
    .replace('{n}', String(rng.int(1, 480)))
    .replace('{street}', rng.pick(region.streets))
    .replace('{city}', who.city);
}
