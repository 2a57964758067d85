/**
 * Fictional but plausible addresses: real city names with their state, a zip code of that city and
 * its telephone area code, so order search by city, state, zip or phone finds believable rows.
 */
import type { Rng } from './prng.js';

export type City = { city: string; state: string; zip: string; area: string };

export const CITIES: readonly City[] = [
  { city: 'Denver', state: 'CO', zip: '80216', area: '303' },
  { city: 'Aurora', state: 'CO', zip: '80011', area: '720' },
  { city: 'Colorado Springs', state: 'CO', zip: '80907', area: '719' },
  { city: 'Fort Collins', state: 'CO', zip: '80524', area: '970' },
  { city: 'Grand Junction', state: 'CO', zip: '81501', area: '970' },
  { city: 'Cheyenne', state: 'WY', zip: '82001', area: '307' },
  { city: 'Casper', state: 'WY', zip: '82601', area: '307' },
  { city: 'Billings', state: 'MT', zip: '59101', area: '406' },
  { city: 'Missoula', state: 'MT', zip: '59801', area: '406' },
  { city: 'Salt Lake City', state: 'UT', zip: '84104', area: '801' },
  { city: 'Provo', state: 'UT', zip: '84601', area: '801' },
  { city: 'Albuquerque', state: 'NM', zip: '87102', area: '505' },
  { city: 'Santa Fe', state: 'NM', zip: '87505', area: '505' },
  { city: 'Boise', state: 'ID', zip: '83702', area: '208' },
  { city: 'Nampa', state: 'ID', zip: '83651', area: '208' },
  { city: 'Idaho Falls', state: 'ID', zip: '83401', area: '208' },
  { city: 'Twin Falls', state: 'ID', zip: '83301', area: '208' },
  { city: 'Spokane', state: 'WA', zip: '99201', area: '509' },
  { city: 'Tacoma', state: 'WA', zip: '98402', area: '253' },
  { city: 'Portland', state: 'OR', zip: '97217', area: '503' },
  { city: 'Bend', state: 'OR', zip: '97701', area: '541' },
  { city: 'Phoenix', state: 'AZ', zip: '85009', area: '602' },
  { city: 'Mesa', state: 'AZ', zip: '85201', area: '480' },
  { city: 'Tucson', state: 'AZ', zip: '85705', area: '520' },
  { city: 'Flagstaff', state: 'AZ', zip: '86001', area: '928' },
  { city: 'Las Vegas', state: 'NV', zip: '89102', area: '702' },
  { city: 'Reno', state: 'NV', zip: '89502', area: '775' },
  { city: 'Fresno', state: 'CA', zip: '93721', area: '559' },
  { city: 'Visalia', state: 'CA', zip: '93291', area: '559' },
  { city: 'Bakersfield', state: 'CA', zip: '93301', area: '661' },
  { city: 'Modesto', state: 'CA', zip: '95354', area: '209' },
  { city: 'Stockton', state: 'CA', zip: '95202', area: '209' },
  { city: 'Sacramento', state: 'CA', zip: '95811', area: '916' },
  { city: 'San Jose', state: 'CA', zip: '95112', area: '408' },
  { city: 'Salinas', state: 'CA', zip: '93901', area: '831' },
  { city: 'Riverside', state: 'CA', zip: '92501', area: '951' },
  { city: 'Savannah', state: 'GA', zip: '31401', area: '912' },
  { city: 'Brunswick', state: 'GA', zip: '31520', area: '912' },
  { city: 'Macon', state: 'GA', zip: '31201', area: '478' },
  { city: 'Atlanta', state: 'GA', zip: '30318', area: '404' },
  { city: 'Charleston', state: 'SC', zip: '29405', area: '843' },
  { city: 'Hilton Head Island', state: 'SC', zip: '29926', area: '843' },
  { city: 'Columbia', state: 'SC', zip: '29201', area: '803' },
  { city: 'Jacksonville', state: 'FL', zip: '32204', area: '904' },
  { city: 'Tallahassee', state: 'FL', zip: '32301', area: '850' },
  { city: 'Orlando', state: 'FL', zip: '32805', area: '407' },
  { city: 'Dallas', state: 'TX', zip: '75207', area: '214' },
  { city: 'Fort Worth', state: 'TX', zip: '76102', area: '817' },
  { city: 'Houston', state: 'TX', zip: '77020', area: '713' },
  { city: 'San Antonio', state: 'TX', zip: '78204', area: '210' },
  { city: 'Austin', state: 'TX', zip: '78702', area: '512' },
  { city: 'Oklahoma City', state: 'OK', zip: '73108', area: '405' },
  { city: 'Tulsa', state: 'OK', zip: '74107', area: '918' },
  { city: 'Wichita', state: 'KS', zip: '67202', area: '316' },
  { city: 'Omaha', state: 'NE', zip: '68102', area: '402' },
  { city: 'Kansas City', state: 'MO', zip: '64120', area: '816' },
  { city: 'St. Louis', state: 'MO', zip: '63110', area: '314' },
  { city: 'Chicago', state: 'IL', zip: '60608', area: '773' },
  { city: 'Joliet', state: 'IL', zip: '60432', area: '815' },
  { city: 'Milwaukee', state: 'WI', zip: '53204', area: '414' },
  { city: 'Madison', state: 'WI', zip: '53704', area: '608' },
  { city: 'Minneapolis', state: 'MN', zip: '55413', area: '612' },
  { city: 'Des Moines', state: 'IA', zip: '50309', area: '515' },
  { city: 'Indianapolis', state: 'IN', zip: '46204', area: '317' },
  { city: 'Detroit', state: 'MI', zip: '48210', area: '313' },
  { city: 'Grand Rapids', state: 'MI', zip: '49503', area: '616' },
  { city: 'Columbus', state: 'OH', zip: '43215', area: '614' },
  { city: 'Cleveland', state: 'OH', zip: '44114', area: '216' },
  { city: 'Pittsburgh', state: 'PA', zip: '15222', area: '412' },
  { city: 'Harrisburg', state: 'PA', zip: '17101', area: '717' },
  { city: 'Allentown', state: 'PA', zip: '18102', area: '610' },
  { city: 'Albany', state: 'NY', zip: '12207', area: '518' },
  { city: 'Buffalo', state: 'NY', zip: '14206', area: '716' },
  { city: 'Newark', state: 'NJ', zip: '07105', area: '973' },
  { city: 'Hartford', state: 'CT', zip: '06106', area: '860' },
  { city: 'Worcester', state: 'MA', zip: '01604', area: '508' },
  { city: 'Manchester', state: 'NH', zip: '03103', area: '603' },
  { city: 'Portland', state: 'ME', zip: '04101', area: '207' },
  { city: 'Baltimore', state: 'MD', zip: '21230', area: '410' },
  { city: 'Richmond', state: 'VA', zip: '23224', area: '804' },
  { city: 'Charlotte', state: 'NC', zip: '28206', area: '704' },
  { city: 'Raleigh', state: 'NC', zip: '27603', area: '919' },
  { city: 'Nashville', state: 'TN', zip: '37210', area: '615' },
  { city: 'Memphis', state: 'TN', zip: '38118', area: '901' },
  { city: 'Louisville', state: 'KY', zip: '40210', area: '502' },
  { city: 'Birmingham', state: 'AL', zip: '35203', area: '205' },
  { city: 'Jackson', state: 'MS', zip: '39201', area: '601' },
  { city: 'New Orleans', state: 'LA', zip: '70117', area: '504' },
  { city: 'Little Rock', state: 'AR', zip: '72202', area: '501' },
];

const STREET_NAMES = [
  'Industrial',
  'Commerce',
  'Main',
  'Airport',
  'Railroad',
  'Valley',
  'Lincoln',
  'Washington',
  'Oak',
  'Cedar',
  'Pine',
  'Maple',
  'Highland',
  'Frontage',
  'Center',
  'Market',
  'Mill',
  'Quarry',
  'Foundry',
  'Depot',
  'Canyon',
  'Mesa',
  'Harbor',
  'River',
  'Lakeview',
  'Ridge',
  'Sunset',
  'Franklin',
  'Jefferson',
  'Madison',
];
const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Way', 'Dr', 'Pkwy', 'Ct'];

export function streetAddress(rng: Rng): string {
  return `${rng.int(100, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

export function suiteOrEmpty(rng: Rng): string {
  return rng.chance(0.18)
    ? rng.pick([`Suite ${rng.int(100, 450)}`, `Unit ${rng.int(1, 40)}`, `Bay ${rng.int(1, 12)}`, `Bldg ${rng.pick(['A', 'B', 'C'])}`])
    : '';
}

/** Zip codes near a city: same first three digits, the rest varied. */
export function nearbyZip(rng: Rng, city: City): string {
  return city.zip.slice(0, 3) + String(rng.int(0, 99)).padStart(2, '0');
}

/** A phone number in the 555 exchange, which North American numbering keeps for fiction. */
export function phoneIn(rng: Rng, area: string): string {
  return `${area}555${rng.digits(4)}`;
}
