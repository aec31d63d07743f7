/**
 * The creator stream of the demo seed. `CreatorFactory.next()` yields one creator with the
 * tags, invitation and blacklist entry that belong to it, so flags and related rows agree by
 * construction (is_black ⇔ a blacklist row, is_invitation ⇔ an invitation row).
 *
 * The sequence depends only on the seed, the anchor time and the creators already taken, so
 * the same options give the same rows; rows are produced one at a time for constant memory.
 */
import { COUNTRIES, type Country } from '../../contract/constants.ts';
import { Rng, round2 } from './prng.ts';
import { REGIONS } from './regions.ts';
import { nichesFor, type Niche } from './niches.ts';
import type { TagTitle } from './catalog.ts';
import { invitationFor, type InvitationSeed } from './invitations.ts';
import {
  addressFor,
  bioLinkFor,
  displayName,
  emailFor,
  handleFor,
  identityFor,
  phoneFor,
  signatureFor,
} from './profile.ts';

const DAY = 86400;
/** Creators were added over the last 18 months. */
const SPAN = 548 * DAY;

export interface CreatorRow {
  country: Country;
  unique_id: string;
  status: number;
  is_chat: number;
  is_invitation: number;
  is_black: number;
  daren_name: string;
  daren_sex: string;
  daren_email: string;
  daren_phone: string;
  signature: string;
  daren_socialize: string;
  daren_addr: string;
  email: string;
  bio_link: string;
  nick_name: string;
  head_img: string;
  follower_count: number;
  categorys: string;
  product_count: number;
  gmv_t30: number;
  video_count: number;
  units_sold_t30: number;
  video_publish_t30: number;
  video_view_t30: number;
  video_engagement_t30: number;
  digg_count: number;
  following_count: number;
  heart: number;
  heart_count: number;
  video_last_time: number | null;
  check_time: number | null;
  nick_update_time: number | null;
  add_time: number;
  update_time: number;
}

export interface CreatorSeed {
  row: CreatorRow;
  tags: TagTitle[];
  invitation: InvitationSeed | null;
  black: { reason: string; add_time: number } | null;
}

const BLACK_REASONS = [
  'Did not post after receiving the sample',
  'Suspected fake followers',
  'Asked for upfront payment before any work',
  'No reply after three follow-ups',
  'Posted content that breaks our brand guidelines',
  'Resold the free samples',
  'Missed the agreed posting date twice',
];

const COUNTRY_WEIGHTS = COUNTRIES.map((c) => REGIONS[c].weight);
type NicheChoice = ReturnType<typeof nichesFor>;
/** Per market: [male, female] niche lists, computed once. */
const NICHES = Object.fromEntries(
  COUNTRIES.map((c) => [c, [nichesFor(c, false), nichesFor(c, true)]]),
) as Record<Country, [NicheChoice, NicheChoice]>;

export interface FactoryOptions {
  seed: number;
  anchor: number;
  /** Product ids per country, used by invitations. */
  products: Partial<Record<Country, string[]>>;
  /** Handles already in the workspace (append mode). */
  taken?: Partial<Record<Country, Iterable<string>>>;
}

export class CreatorFactory {
  private readonly rng: Rng;
  private readonly taken: Record<Country, Set<string>>;
  private readonly invited: Record<Country, number>;
  private serial = 0;

  constructor(private readonly opts: FactoryOptions) {
    this.rng = new Rng(opts.seed);
    this.taken = Object.fromEntries(COUNTRIES.map((c) => [c, new Set(opts.taken?.[c] ?? [])])) as Record<
      Country,
      Set<string>
    >;
    this.invited = Object.fromEntries(COUNTRIES.map((c) => [c, 0])) as Record<Country, number>;
  }

  next(): CreatorSeed {
    const { rng } = this;
    const anchor = this.opts.anchor;
    const serial = this.serial++;
    // The first eight go round the markets, so even a tiny seed covers every country.
    const country = serial < COUNTRIES.length ? COUNTRIES[serial]! : rng.weighted(COUNTRIES, COUNTRY_WEIGHTS);
    const region = REGIONS[country];
    const who = identityFor(country, rng);
    const niches = NICHES[country][who.female ? 1 : 0];
    const niche: Niche = rng.weighted(niches.items, niches.weights);
    const second = rng.chance(0.3) ? rng.weighted(niches.items, niches.weights) : null;
    const handle = handleFor(who, niche, region, rng, this.taken[country], serial);

    // Followers: mostly 1.5k–100k (median ~3.6k), a few under 1k, ~0.5% in the millions.
    const followers = rng.chance(0.05)
      ? rng.int(120, 999)
      : Math.min(Math.round(rng.pareto(1500, 0.8)), 48_000_000);
    const sells = rng.chance(followers >= 10_000 ? 0.65 : 0.35);
    const units = sells ? Math.round(followers * rng.float(0.0002, 0.01) * (rng.chance(0.1) ? 6 : 1)) : 0;
    const videos = Math.min(5000, rng.int(3, 40) + Math.round(rng.pareto(20, 1.1)));
    const publishes = rng.chance(0.8) ? rng.int(0, 45) : 0;
    const engagementBase = Math.max(0.4, 9 - 1.2 * Math.log10(followers));
    const engagement = rng.chance(0.06)
      ? 0
      : Math.min(20, round2(engagementBase * Math.exp(0.5 * rng.normal())));
    const likes = Math.round(followers * rng.float(3, 25));
    const categories = new Set<string>();
    if (sells || rng.chance(0.5)) {
      for (const c of rng.sample(niche.categories, rng.int(1, 2))) categories.add(c);
      if (second) categories.add(rng.pick(second.categories));
    }

    const addTime = anchor - rng.int(3600, SPAN);
    let updateTime = addTime + rng.int(0, anchor - addTime);
    const isBlack = rng.chance(0.02);
    const invitedNow = !isBlack && rng.chance(0.1);
    const isChat = invitedNow || rng.chance(isBlack ? 0.5 : 0.22);
    const hasContact = rng.chance(invitedNow ? 0.85 : 0.12);
    const email = rng.chance(followers >= 100_000 ? 0.6 : 0.35) ? emailFor(handle, rng) : '';

    const row: CreatorRow = {
      country,
      unique_id: handle,
      status: 0,
      is_chat: isChat ? 1 : 0,
      is_invitation: invitedNow ? 1 : 0,
      is_black: isBlack ? 1 : 0,
      daren_name: hasContact ? who.fullName : '',
      daren_sex: hasContact ? (who.female ? 'Female' : 'Male') : '',
      daren_email: hasContact ? email || emailFor(handle, rng) : '',
      daren_phone: hasContact && rng.chance(0.8) ? phoneFor(region, rng) : '',
      signature: signatureFor(niche, second, who, region, email, rng),
      daren_socialize: hasContact && rng.chance(0.5) ? `Instagram @${handle}` : '',
      daren_addr: hasContact && rng.chance(0.7) ? addressFor(who, region, rng) : '',
      email,
      bio_link: rng.chance(0.55) ? bioLinkFor(handle, rng) : '',
      nick_name: displayName(who, handle, niche, rng),
      head_img: '',
      follower_count: followers,
      categorys: [...categories].join(','),
      product_count: sells ? rng.int(1, 40) + (rng.chance(0.1) ? rng.int(40, 400) : 0) : 0,
      gmv_t30: round2(units * rng.float(6, 40)),
      video_count: videos,
      units_sold_t30: units,
      video_publish_t30: publishes,
      video_view_t30: Math.round(followers * publishes * rng.float(0.02, 0.6)),
      video_engagement_t30: engagement,
      digg_count: rng.int(0, 25_000),
      following_count: rng.chance(0.9) ? rng.int(0, 1500) : rng.int(1500, 9000),
      heart: likes,
      heart_count: likes,
      video_last_time: anchor - Math.min(400 * DAY, Math.floor(-Math.log(1 - rng.next()) * 9 * DAY)),
      check_time: null,
      nick_update_time: rng.chance(0.2) ? addTime + rng.int(0, anchor - addTime) : null,
      add_time: addTime,
      update_time: updateTime,
    };

    let invitation: InvitationSeed | null = null;
    if (invitedNow) {
      const products = this.opts.products[country] ?? [];
      invitation = invitationFor(row, region, products, this.invited[country]++, rng, anchor);
      row.status = invitation.row.status;
      updateTime = Math.max(updateTime, invitation.row.update_time);
    }
    let black: CreatorSeed['black'] = null;
    if (isBlack) {
      black = { reason: rng.pick(BLACK_REASONS), add_time: addTime + rng.int(0, anchor - addTime) };
      updateTime = Math.max(updateTime, black.add_time);
    }
    row.update_time = updateTime;
    row.check_time = rng.chance(0.95) ? updateTime + rng.int(0, anchor - updateTime) : null;
    return { row, tags: tagsFor(row, invitation?.row.sub_status ?? null, rng), invitation, black };
  }
}

/** Tag titles that fit the creator; titles a market does not have are dropped by the writer. */
function tagsFor(row: CreatorRow, sub: number | null, rng: Rng): TagTitle[] {
  const tags: TagTitle[] = [];
  const invited = row.is_invitation === 1;
  if (row.gmv_t30 > 5000 && rng.chance(0.8)) tags.push('Top seller');
  const replied = row.is_chat === 1 && rng.chance(0.45);
  if (replied) tags.push('Replied');
  if (row.follower_count < 10_000 && rng.chance(0.3)) tags.push('Micro creator');
  if (row.video_engagement_t30 > 8 && rng.chance(0.5)) tags.push('High engagement');
  if (rng.chance(0.03)) tags.push('Live seller');
  if (rng.chance(0.02)) tags.push('Price sensitive');
  if (row.follower_count > 500_000 && rng.chance(0.4)) tags.push('Agency managed');
  const sampled = row.status === 4 || (row.status === 3 && (sub ?? 0) >= 2);
  if (invited && !sampled && rng.chance(0.5)) tags.push('Needs sample');
  if (sampled && rng.chance(0.6)) tags.push('Sample sent');
  if (invited && row.status === 4 && rng.chance(0.5)) tags.push('Long-term partner');
  if (row.is_chat && !invited && !replied) {
    if (rng.chance(0.2)) tags.push('Follow up');
    else if (rng.chance(0.15)) tags.push('No reply');
  }
  return tags;
}
