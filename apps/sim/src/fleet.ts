/**
 * The demo fleet: districts (DMAs) with one inlet meter, one concentrator and their households. Fully determined
 * by a seed, so meter numbers, positions and habits are the same on every run and on every machine.
 */
import { DEFAULT_MAP_CENTRE } from '@hydrolog/schemas';
import { Rng } from './random.ts';

export type MeterRole = 'household' | 'inlet';
/** NB-IoT style meters upload once a day (24 hourly values); concentrator-read meters every hour. */
export type UploadPattern = 'hourly' | 'daily';

export interface LngLat {
  lng: number;
  lat: number;
}

export interface FleetMeter {
  /** Numeric string, stable across runs (inlets 9000000001.., households 1000000001..). */
  meterNo: string;
  role: MeterRole;
  /** Index into `Fleet.districts`. */
  district: number;
  pattern: UploadPattern;
  valveCapable: boolean;
  /** People in the household (0 for inlet meters). */
  householdSize: number;
  /** Multiplier on the per-household consumption (habits, appliances); 0 for inlet meters. */
  consumptionScale: number;
  /** Expected average daily consumption in m3 (0 for inlet meters: their flow is the district's). */
  dailyM3: number;
  /** Nobody lives there: no consumption (the zero-consumption alarm case). */
  vacant: boolean;
  /** A constant private leak behind the meter (a running toilet), m3/h; usually 0. */
  leakM3h: number;
  /** Counter reading (m3) at the model epoch. */
  initialReading: number;
  /** Hourly meters: seconds after each full hour at which the concentrator reads the meter. */
  readOffsetSeconds: number;
  /** Daily meters: minutes after local midnight at which the meter uploads the previous day. */
  uploadOffsetMinutes: number;
  /** Age of the battery at the model epoch, in days (drives the slow drain 3.6 V -> 3.0 V). */
  batteryAgeDays: number;
  /** Typical signal quality (CSQ, 0-31). */
  signalBase: number;
  /** Nominal diameter in mm. */
  caliberMm: number;
  position: LngLat;
  /** A made-up address ("Lakeside, building 4, flat 1203"); inlet meters: "<district> inlet". */
  address: string;
}

export interface FleetGateway {
  district: number;
  name: string;
  kind: 'concentrator';
  position: LngLat;
}

export interface District {
  index: number;
  name: string;
  centre: LngLat;
  /** Background (real) leakage of the network in m3/h, constant (0.2-0.55: 20-40% of supply for ~66 households). */
  leakageM3h: number;
  /** Inlet pressure at zero demand, MPa. */
  pressureBaseMPa: number;
  inletMeterNo: string;
  householdMeterNos: string[];
  gateway: FleetGateway;
}

export interface Fleet {
  seed: number;
  /** IANA time zone of the utility: daily profiles and daily uploads follow local time. */
  timeZone: string;
  centre: LngLat;
  /** Counters are `initialReading` at this instant; the model integrates flows from here. */
  epoch: Date;
  districts: District[];
  meters: FleetMeter[];
}

export interface DemoFleetOptions {
  seed?: number;
  /** Households per district; its length is the number of districts. Default [66, 66, 65] (200 meters). */
  householdsPerDistrict?: number[];
  centre?: LngLat;
  timeZone?: string;
  epoch?: Date;
  /** Share of households with daily (NB-IoT) uploads. Default 1/3. */
  dailyShare?: number;
}

export const DEFAULT_CENTRE: LngLat = { lng: DEFAULT_MAP_CENTRE[0], lat: DEFAULT_MAP_CENTRE[1] };
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_EPOCH = new Date('2025-01-01T00:00:00Z');
export const INLET_METER_BASE = 9_000_000_000;
export const HOUSEHOLD_METER_BASE = 1_000_000_000;

const DISTRICT_NAMES = ['North Hill', 'Lakeside', 'Riverside', 'East Gate', 'West Park', 'South Bridge'];
/** Metres per degree of latitude. */
const M_PER_DEG_LAT = 111_320;

function offset(centre: LngLat, eastM: number, northM: number): LngLat {
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((centre.lat * Math.PI) / 180);
  return {
    lng: Math.round((centre.lng + eastM / mPerDegLng) * 1e6) / 1e6,
    lat: Math.round((centre.lat + northM / M_PER_DEG_LAT) * 1e6) / 1e6,
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** About 200 meters in 3 districts around Hangzhou (120.11, 30.27), the same on every call with the same options. */
export function demoFleet(options: DemoFleetOptions = {}): Fleet {
  const seed = options.seed ?? 20_260_301;
  const perDistrict = options.householdsPerDistrict ?? [66, 66, 65];
  const centre = options.centre ?? DEFAULT_CENTRE;
  const dailyShare = options.dailyShare ?? 1 / 3;
  const rng = new Rng(seed);
  const districts: District[] = [];
  const meters: FleetMeter[] = [];
  let householdNo = HOUSEHOLD_METER_BASE;

  perDistrict.forEach((households, d) => {
    // District centres on a ring about 2.2 km around the city centre.
    const angle = (2 * Math.PI * d) / perDistrict.length + rng.range(-0.25, 0.25) + Math.PI / 2;
    const radius = perDistrict.length === 1 ? 0 : rng.range(1800, 2600);
    const dCentre = offset(centre, radius * Math.cos(angle), radius * Math.sin(angle));
    const name = DISTRICT_NAMES[d % DISTRICT_NAMES.length]! + (d >= DISTRICT_NAMES.length ? ` ${d + 1}` : '');
    const inletMeterNo = String(INLET_METER_BASE + d + 1);
    // The inlet sits on the feed main, on the side facing the city centre.
    const inletPos = offset(dCentre, -420 * Math.cos(angle), -420 * Math.sin(angle));
    const district: District = {
      index: d,
      name,
      centre: dCentre,
      leakageM3h: round(rng.range(0.2, 0.55), 3),
      pressureBaseMPa: round(rng.range(0.28, 0.36), 3),
      inletMeterNo,
      householdMeterNos: [],
      gateway: {
        district: d,
        name: `${name} concentrator`,
        kind: 'concentrator',
        position: offset(dCentre, rng.range(-60, 60), rng.range(-60, 60)),
      },
    };
    districts.push(district);
    meters.push({
      meterNo: inletMeterNo,
      role: 'inlet',
      district: d,
      pattern: 'hourly',
      valveCapable: false,
      householdSize: 0,
      consumptionScale: 0,
      dailyM3: 0,
      vacant: false,
      leakM3h: 0,
      initialReading: round(rng.range(40_000, 300_000), 3),
      readOffsetSeconds: rng.int(1, 30),
      uploadOffsetMinutes: 0,
      batteryAgeDays: rng.int(0, 1500),
      signalBase: rng.int(22, 31),
      caliberMm: rng.weighted([
        [100, 1],
        [150, 2],
        [200, 1],
      ]),
      position: inletPos,
      address: `${name} inlet`,
    });

    // Households live in buildings of 2-8 flats on a rough street grid (blocks about 110 m apart).
    let building = 0;
    let left = 0;
    let buildingPos: LngLat = dCentre;
    for (let i = 0; i < households; i++) {
      if (left === 0) {
        building++;
        left = rng.int(2, 8);
        const gx = rng.int(-4, 4);
        const gy = rng.int(-4, 4);
        buildingPos = offset(dCentre, gx * 110 + rng.range(-25, 25), gy * 110 + rng.range(-25, 25));
      }
      left--;
      householdNo++;
      const meterNo = String(householdNo);
      const householdSize = rng.weighted([
        [1, 15],
        [2, 30],
        [3, 30],
        [4, 15],
        [5, 10],
      ]);
      const consumptionScale = round(Math.exp(0.3 * rng.normal()), 3);
      const vacant = rng.chance(0.03);
      const leakM3h = !vacant && rng.chance(0.04) ? round(rng.range(0.003, 0.02), 4) : 0;
      const pattern: UploadPattern = rng.chance(dailyShare) ? 'daily' : 'hourly';
      meters.push({
        meterNo,
        role: 'household',
        district: d,
        pattern,
        valveCapable: rng.chance(0.7),
        householdSize,
        consumptionScale,
        dailyM3: vacant ? 0 : round(0.13 * householdSize ** 0.85 * consumptionScale, 4),
        vacant,
        leakM3h,
        initialReading: round(rng.range(5, 1500), 3),
        readOffsetSeconds: rng.int(1, 90),
        uploadOffsetMinutes: rng.int(5, 240),
        batteryAgeDays: rng.int(0, 2900),
        signalBase: rng.int(10, 30),
        caliberMm: rng.weighted([
          [15, 6],
          [20, 3],
          [25, 1],
        ]),
        position: offset(buildingPos, rng.range(-8, 8), rng.range(-8, 8)),
        address: `${name}, building ${building}, flat ${rng.int(1, 18)}0${rng.int(1, 4)}`,
      });
      district.householdMeterNos.push(meterNo);
    }
  });

  return {
    seed,
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    centre,
    epoch: options.epoch ?? DEFAULT_EPOCH,
    districts,
    meters,
  };
}

/** The meters of one district, inlet first. */
export function districtMeters(fleet: Fleet, district: number): FleetMeter[] {
  return fleet.meters
    .filter((m) => m.district === district)
    .sort((a, b) => (a.role === 'inlet' ? -1 : 0) - (b.role === 'inlet' ? -1 : 0));
}
