/**
 * Per-market vocabulary for the demo seed: name parts, cities, phone formats, carriers and a few
 * local bio phrases. Names are written the way creators in that market write them (Vietnamese
 * with diacritics, Thai romanised as on ID cards); handles are derived as plain ASCII.
 */
import type { Country } from '../../contract/constants.ts';

export interface Region {
  female: readonly string[];
  male: readonly string[];
  family: readonly string[];
  /** Family name first when written in full (Vietnamese). */
  familyFirst?: boolean;
  cities: readonly string[];
  /** Phone in international form; `#` is a random digit. */
  phone: readonly string[];
  carriers: readonly string[];
  /** Short local bio phrases mixed into signatures. */
  phrases: readonly string[];
  /** Handle suffixes creators use to mark the market. */
  suffixes: readonly string[];
  /** Street names; `address` puts {n}, {street} and {city} together. */
  streets: readonly string[];
  address: string;
  /** Relative share of creators. */
  weight: number;
}

/** A comma-separated list: keeps the long vocabularies one line each. */
const l = (text: string): string[] => text.split(/\s*,\s*/);

const ENGLISH_PHRASES = l('Honest reviews only, Link in bio, DM for collabs, Shop my faves below');

export const REGIONS: Record<Country, Region> = {
  US: {
    female: l(
      'Emily, Olivia, Ava, Madison, Chloe, Hannah, Brianna, Kayla, Jasmine, Sophia, Abigail, Taylor, Morgan, Destiny, Alyssa, Gabriela, Mia, Harper, Sierra, Paige',
    ),
    male: l(
      'Jacob, Ethan, Tyler, Brandon, Marcus, Jordan, Austin, Caleb, Dylan, Andre, Logan, Mason, Carlos, Isaiah, Hunter, Devin, Cody, Trevor',
    ),
    family: l(
      'Johnson, Williams, Brown, Miller, Davis, Garcia, Rodriguez, Martinez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Harris, Clark, Lewis, Walker, Young, Allen, King, Wright, Lopez, Hill, Scott, Green, Baker, Nelson, Carter, Reed',
    ),
    cities: l(
      'Los Angeles, Houston, Miami, Atlanta, Chicago, Phoenix, Dallas, Brooklyn, Denver, Nashville, Seattle, Orlando',
    ),
    phone: l('+1 (###) ###-####'),
    carriers: l('USPS, UPS, FedEx'),
    phrases: ENGLISH_PHRASES,
    suffixes: l('us, usa, official, tx, la'),
    streets: l('Maple Ave, Oak Street, Sunset Blvd, Cedar Drive, Park Avenue, Elm Street'),
    address: '{n} {street}, {city}',
    weight: 34,
  },
  GB: {
    female: l(
      'Amelia, Isla, Poppy, Freya, Evie, Jessica, Lily, Ella, Grace, Millie, Holly, Phoebe, Imogen, Niamh, Ruby',
    ),
    male: l('Oliver, Harry, George, Alfie, Charlie, Jack, Callum, Kieran, Rhys, Owen, Finley, Archie, Tom'),
    family: l(
      'Smith, Jones, Taylor, Evans, Thomas, Roberts, Walker, Wright, Hughes, Edwards, Green, Hall, Wood, Clarke, Patel, Khan, Murphy, Davies, Turner',
    ),
    cities: l(
      'London, Manchester, Birmingham, Leeds, Glasgow, Liverpool, Bristol, Cardiff, Newcastle, Brighton',
    ),
    phone: l('+44 7### ######'),
    carriers: l('Royal Mail, Evri, DPD'),
    phrases: [...ENGLISH_PHRASES, 'UK based', 'Affordable finds'],
    suffixes: l('uk, ldn, x'),
    streets: l('High Street, Church Lane, Station Road, Victoria Road, Park Road, Mill Lane'),
    address: '{n} {street}, {city}',
    weight: 12,
  },
  MY: {
    female: l(
      'Nurul, Siti, Aisyah, Farah, Nabila, Syafiqah, Amirah, Wei Ling, Mei Yee, Kavitha, Priya, Hana, Izzati, Qistina',
    ),
    male: l('Ahmad, Muhammad, Hafiz, Amir, Faiz, Irfan, Danial, Wei Jie, Jun Hao, Ravi, Arjun, Haziq'),
    family: l(
      'Abdullah, Ismail, Rahman, Ibrahim, Hassan, Yusof, Tan, Lim, Wong, Lee, Ong, Kumar, Nair, Razak, Zainal',
    ),
    cities: l(
      'Kuala Lumpur, Petaling Jaya, Shah Alam, Johor Bahru, Penang, Ipoh, Kota Kinabalu, Kuching, Melaka, Seremban',
    ),
    phone: l('+60 1#-### ####'),
    carriers: l('J&T Express, Pos Laju, Ninja Van'),
    phrases: l('Review barang murah, Jom shopping, Link kat bio, Muslimah friendly'),
    suffixes: l('my, official, kl'),
    streets: l('Jalan Ampang, Jalan Tun Razak, Jalan Bukit Bintang, Jalan SS2/24, Jalan Sultan Ismail'),
    address: 'No. {n}, {street}, {city}',
    weight: 9,
  },
  VN: {
    female: l(
      'Ngọc Anh, Thu Trang, Thảo Vy, Minh Thư, Phương Linh, Hà My, Khánh Linh, Bảo Ngọc, Thanh Hương, Mai Anh, Quỳnh Như, Yến Nhi',
    ),
    male: l('Minh Khoa, Quốc Bảo, Đức Anh, Hoàng Nam, Tuấn Kiệt, Gia Huy, Thành Đạt, Văn Long, Hải Đăng'),
    family: l('Nguyễn, Trần, Lê, Phạm, Hoàng, Huỳnh, Phan, Vũ, Võ, Đặng, Bùi, Đỗ, Ngô'),
    familyFirst: true,
    cities: l('TP. Hồ Chí Minh, Hà Nội, Đà Nẵng, Hải Phòng, Cần Thơ, Nha Trang, Biên Hòa, Huế'),
    phone: l('+84 9# ### ####, +84 3# ### ####'),
    carriers: l('Giao Hàng Nhanh, Viettel Post, J&T Express'),
    phrases: l('Review đồ xinh, Săn sale mỗi ngày, Link ở bio nha, Hợp tác qua email'),
    suffixes: l('vn, official, review'),
    streets: l('Nguyễn Huệ, Lê Lợi, Trần Hưng Đạo, Hai Bà Trưng, Điện Biên Phủ, Lý Thường Kiệt'),
    address: '{n} {street}, {city}',
    weight: 10,
  },
  TH: {
    female: l(
      'Nattaya, Siriporn, Pimchanok, Kanokwan, Waranya, Chanida, Ploy, Mint, Fern, Praew, Kwan, Ratchanok',
    ),
    male: l('Somchai, Thanawat, Kittipong, Nattapong, Chaiwat, Pakorn, Arthit, Bank, Golf, Tong'),
    family: l(
      'Saetang, Srisuk, Wongsawat, Chaiyaporn, Thongdee, Boonmee, Kaewmanee, Rattanakorn, Suwannarat, Phromma, Sukprasert',
    ),
    cities: l('Bangkok, Chiang Mai, Khon Kaen, Phuket, Pattaya, Nonthaburi, Hat Yai, Nakhon Ratchasima'),
    phone: l('+66 8# ### ####, +66 9# ### ####'),
    carriers: l('Kerry Express, Flash Express, Thailand Post'),
    phrases: l('รีวิวของดีบอกต่อ, ของดีราคาถูก, ติดต่องานทาง inbox, ป้ายยาทุกวัน'),
    suffixes: l('th, bkk, review'),
    streets: l('Soi Sukhumvit 24, Soi Ari 4, Soi Thonglor 10, Soi Ladprao 71, Soi Ratchada 36'),
    address: '{n} {street}, {city}',
    weight: 10,
  },
  PH: {
    female: l(
      'Maria, Angel, Princess, Kristine, Jasmine, Nicole, Andrea, Camille, Bea, Trisha, Aileen, Joy, Mika',
    ),
    male: l('Jose, Mark, John Paul, Carlo, Miguel, Paolo, Rafael, Jericho, Kevin, Renz, Andrei'),
    family: l(
      'Santos, Reyes, Cruz, Bautista, Ocampo, Garcia, Mendoza, Torres, Flores, Villanueva, Ramos, Castillo, Aquino, Dela Cruz, Navarro',
    ),
    cities: l(
      'Quezon City, Manila, Cebu City, Davao City, Makati, Pasig, Taguig, Iloilo City, Baguio, Cavite',
    ),
    phone: l('+63 9## ### ####'),
    carriers: l('J&T Express, LBC, Flash Express'),
    phrases: l('Budol finds, Affordable finds PH, Link in bio po, For collabs DM lang'),
    suffixes: l('ph, official, mnl'),
    streets: l('Rizal Street, Mabini Street, Bonifacio Avenue, Aguinaldo Highway, Katipunan Avenue'),
    address: '{n} {street}, {city}',
    weight: 9,
  },
  SG: {
    female: l('Jasmine, Rachel, Cheryl, Nicole, Hui Min, Xin Yi, Nur Aisyah, Divya, Clara, Vanessa, Sarah'),
    male: l('Jun Wei, Marcus, Ryan, Darren, Zhi Hao, Hafiz, Arvind, Bryan, Ethan, Joel'),
    family: l('Tan, Lim, Lee, Ng, Ong, Wong, Goh, Chua, Koh, Teo, Rahman, Singh, Pillai'),
    cities: l('Tampines, Jurong East, Woodlands, Punggol, Bedok, Ang Mo Kio, Toa Payoh, Bukit Timah'),
    phone: l('+65 9### ####, +65 8### ####'),
    carriers: l('Ninja Van, SingPost, J&T Express'),
    phrases: [...ENGLISH_PHRASES, 'SG based', 'Lobang finds'],
    suffixes: l('sg, official'),
    streets: l(
      'Tampines Street 21, Jurong West Avenue 1, Punggol Field, Bedok North Road, Toa Payoh Lorong 1',
    ),
    address: 'Blk {n} {street}, Singapore',
    weight: 6,
  },
  ID: {
    female: l('Putri, Dewi, Sari, Ayu, Nadia, Rina, Fitri, Intan, Anisa, Salsabila, Citra, Nabila, Wulan'),
    male: l('Budi, Agus, Rizky, Dimas, Fajar, Aditya, Bayu, Eko, Reza, Ilham, Arif'),
    family: l(
      'Pratama, Saputra, Wijaya, Santoso, Hidayat, Kusuma, Nugroho, Lestari, Permata, Siregar, Hasibuan, Setiawan, Gunawan, Rahmawati',
    ),
    cities: l(
      'Jakarta Selatan, Bandung, Surabaya, Yogyakarta, Medan, Semarang, Bekasi, Tangerang, Depok, Makassar, Denpasar',
    ),
    phone: l('+62 81# #### ####, +62 85# #### ####'),
    carriers: l('JNE, J&T Express, SiCepat'),
    phrases: l('Racun TikTok, Review jujur, Link di bio ya, Endorse via DM'),
    suffixes: l('id, official, jkt'),
    streets: l('Jl. Sudirman, Jl. Merdeka, Jl. Diponegoro, Jl. Gatot Subroto, Jl. Gajah Mada'),
    address: '{street} No. {n}, {city}',
    weight: 12,
  },
};

const asciiCache = new Map<string, string>();

/** ASCII for handles: strips diacritics (Vietnamese đ is not a combining mark, so map it). */
export function asciiOf(text: string): string {
  let out = asciiCache.get(text);
  if (out === undefined) {
    out = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    // Inputs are the fixed name lists above, so the cache stays small.
    if (asciiCache.size < 10_000) asciiCache.set(text, out);
  }
  return out;
}
