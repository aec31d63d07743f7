/**
 * Invitations of the demo seed and their history. Each market's first eight invitations walk
 * through every status (1–4) and every sub-status of status 3 (1–5), so filters always have
 * something to show; later ones follow a plausible funnel.
 */
import type { Rng } from './prng.ts';
import type { Region } from './regions.ts';

export interface InvitationRow {
  country: string;
  unique_id: string;
  status: number;
  sub_status: number | null;
  daren_name: string;
  daren_sex: string;
  daren_email: string;
  daren_phone: string;
  daren_addr: string;
  logistics: string;
  cooperate: string;
  product_id: string;
  add_time: number;
  update_time: number;
}

export interface HistoryStep {
  status: number;
  sub_status: number | null;
  note: string;
  created_at: number;
}

export interface InvitationSeed {
  row: InvitationRow;
  history: HistoryStep[];
}

type Step = [status: number, sub: number | null];

export const STATUS_TOUR: readonly Step[] = [
  [1, null],
  [2, null],
  [3, 1],
  [3, 2],
  [3, 3],
  [3, 4],
  [3, 5],
  [4, null],
];
const FUNNEL_WEIGHTS = [22, 24, 7, 8, 8, 8, 5, 18];

const COOPERATE = [
  '15% commission, 1 video',
  '20% commission + free sample, 2 videos',
  'Flat fee 50 USD + 10% commission',
  '12% commission, 1 live session',
  'Free sample, 1 video within 14 days',
  '18% commission, 3 videos over a month',
];

function noteFor([status, sub]: Step, carrier: string): string {
  if (status === 1) return 'Invitation created';
  if (status === 2) return 'Invitation sent to the creator';
  if (status === 4) return 'Collaboration complete';
  switch (sub) {
    case 1:
      return 'Creator accepted; sample not sent yet';
    case 2:
      return `Sample shipped via ${carrier}`;
    case 3:
      return 'Creator is filming the video';
    case 4:
      return 'Video published';
    default:
      return 'Video boosted with ads';
  }
}

/** The path a record took to its current status; history rows replay it in order. */
function pathTo([status, sub]: Step): Step[] {
  const path: Step[] = [[1, null]];
  if (status >= 2) path.push([2, null]);
  const lastSub = status === 4 ? 4 : status === 3 ? (sub ?? 1) : 0;
  for (let s = 1; s <= lastSub; s++) path.push([3, s]);
  if (status === 4) path.push([4, null]);
  return path;
}

/** The creator fields an invitation copies (a structural slice of the seed's creator row). */
export interface InvitedCreator {
  add_time: number;
  country: string;
  unique_id: string;
  daren_name: string;
  daren_sex: string;
  daren_email: string;
  daren_phone: string;
  daren_addr: string;
}

export function invitationFor(
  creator: InvitedCreator,
  region: Region,
  products: readonly string[],
  ordinal: number,
  rng: Rng,
  anchor: number,
): InvitationSeed {
  const step =
    ordinal < STATUS_TOUR.length ? STATUS_TOUR[ordinal]! : rng.weighted(STATUS_TOUR, FUNNEL_WEIGHTS);
  const [status, sub] = step;
  const carrier = rng.pick(region.carriers);
  const add = creator.add_time + rng.int(0, Math.floor((anchor - creator.add_time) / 2));
  const update = add + rng.int(0, anchor - add);
  const shipped = status === 4 || (status === 3 && (sub ?? 0) >= 2);
  const path = pathTo(step);
  const history = path.map((s, i) => ({
    status: s[0],
    sub_status: s[1],
    note: noteFor(s, carrier),
    // Spread evenly from creation to the last change; the final step is the current state.
    created_at: path.length === 1 ? add : add + Math.round(((update - add) * i) / (path.length - 1)),
  }));
  return {
    row: {
      country: creator.country,
      unique_id: creator.unique_id,
      status,
      sub_status: sub,
      daren_name: creator.daren_name,
      daren_sex: creator.daren_sex,
      daren_email: creator.daren_email,
      daren_phone: creator.daren_phone,
      daren_addr: creator.daren_addr,
      logistics: shipped ? `${carrier} ${rng.pick(['JT', 'SP', 'TH', 'LX'])}${rng.digits(12)}` : '',
      cooperate: status >= 2 ? rng.pick(COOPERATE) : '',
      product_id: products.length > 0 ? rng.pick(products) : '',
      add_time: add,
      update_time: update,
    },
    history,
  };
}
