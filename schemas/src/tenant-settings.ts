import { z } from 'zod';

/**
 * A tenant's settings. The session carries them and most contexts read them (days are counted in the
 * tenant's time zone), so they sit at the root: identity can use them without depending on platform,
 * which edits them and depends on identity.
 */
const knownTimeZones = new Map<string, boolean>();

/** Whether the runtime knows the IANA zone; memoised because constructing a formatter is slow and events repeat zones. */
function isTimeZone(tz: string): boolean {
  let known = knownTimeZones.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    knownTimeZones.set(tz, known);
  }
  return known;
}

/** IANA time zone name; days and the night window of a tenant are computed in it. */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, { message: 'validation.timeZone' });

/** The spec's map centre [lng, lat] (Hangzhou): a tenant's initLng / initLat unless it sets its own. */
export const DEFAULT_MAP_CENTRE = [120.11, 30.27] as const;

/**
 * Spec section 9's map zoom levels, counted as the map providers count them (a 256-pixel tile at level 0):
 * maps open at `initial` and zoom between `min` and `max`.
 */
export const MAP_ZOOMS = { min: 10, max: 20, initial: 10 } as const;

/**
 * A map provider of the spec's map settings (`mapType` 0 the first, 1 the second) as a raster tile source the
 * service is configured with: a URL template with {z}, {x} and {y}, and the attribution its licence asks for.
 */
export const mapProviderSchema = z.object({
  mapType: z.union([z.literal(0), z.literal(1)]),
  tiles: z.string(),
  attribution: z.string(),
});
export type MapProvider = z.infer<typeof mapProviderSchema>;

/** Tenant settings of spec section 3, plus the time zone. */
export const tenantSettingsSchema = z.object({
  country: z.string().max(64).optional(),
  currencyUnit: z.string().max(16).optional(),
  lcMeterRuler: z.number().int().positive().default(1),
  yzjMeterRuler: z.number().int().positive().default(1),
  openAccountCloseValve: z.boolean().default(false),
  tenantAreaAddress: z.string().max(200).optional(),
  initLng: z.number().min(-180).max(180).default(DEFAULT_MAP_CENTRE[0]),
  initLat: z.number().min(-90).max(90).default(DEFAULT_MAP_CENTRE[1]),
  monthSewageTemplateId: z.string().max(64).optional(),
  accountNoGenMode: z.enum(['manual', 'sequence', 'date_sequence']).default('manual'),
  accountBalanceTemplateId: z.string().max(64).optional(),
  timeZone: timeZoneSchema.default('UTC'),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
