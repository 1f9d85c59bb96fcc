import { execute, type Services } from '@hydrolog/api';
import { cascadeDecider } from '@hydrolog/domain';
import { findMeters, withTenant } from '@hydrolog/projections';
import { type Boundary, type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import { demoFleet, type Fleet } from '@hydrolog/sim';
import { DEMO_TENANT_ID } from './seed.ts';

/** Demo thresholds: leakage rate 30%, MNF 1.2 m3/h, KL 0.6 (the fleet's background leakage sits below). */
const DEMO_THRESHOLDS = { leakageRate: 0.3, mnf: 1.2, kl: 0.6 };

/** A rectangle around the points with a margin of about 60 m, as a closed GeoJSON ring. */
function boundaryAround(points: readonly { lng: number; lat: number }[]): Boundary {
  const margin = 0.0006;
  const west = Math.min(...points.map((p) => p.lng)) - margin;
  const east = Math.max(...points.map((p) => p.lng)) + margin;
  const south = Math.min(...points.map((p) => p.lat)) - margin;
  const north = Math.max(...points.map((p) => p.lat)) + margin;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

/**
 * One cascade partition per district of the demo fleet (once; a partition of the district's name is left
 * alone): the inlet meter is the root's summary meter, the district's households its sub-meters, with the
 * meters placed on the map and the district's outline as boundary. So the leakage screens show real figures
 * from the first `npm start`. The seed writes the network as built straight to the decider: every household
 * joins, with or without a demo account (the API lets only opened meters join), so supply and sales balance.
 */
export async function seedDemoPartitions(services: Services, fleet: Fleet = demoFleet()): Promise<number> {
  const { rows } = await services.db.query<{ name: string }>(
    'SELECT name FROM cascade_partitions WHERE tenant_id = $1',
    [DEMO_TENANT_ID],
  );
  const existing = new Set(rows.map((r) => r.name));
  const meterIds = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    findMeters(
      sql,
      DEMO_TENANT_ID,
      fleet.meters.map((m) => m.meterNo),
    ),
  );
  const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  let created = 0;
  for (const district of fleet.districts) {
    if (existing.has(district.name)) continue;
    const members = fleet.meters.filter((m) => m.district === district.index);
    const ref = (meterNo: string) => ({ meterId: meterIds.get(meterNo)!, meterNo });
    if (!members.every((m) => meterIds.has(m.meterNo))) continue;
    const partitionId = uuidv7();
    const pointId = uuidv7();
    await execute(
      services.store,
      cascadeDecider,
      partitionId,
      [
        {
          type: 'CreatePartition',
          partitionId,
          pointId,
          tenantId: DEMO_TENANT_ID,
          name: district.name,
          leaderName: `${district.name} team`,
          leaderPhone: `1380000${String(1000 + district.index).slice(-4)}`,
          thresholds: DEMO_THRESHOLDS,
          boundary: boundaryAround(members.map((m) => m.position)),
          createdAt: new Date().toISOString(),
        },
        { type: 'AssociateSummaryMeter', pointId, meter: ref(district.inletMeterNo) },
        {
          type: 'AssociateSubMeters',
          pointId,
          // A district meters every household, on an account or not: the seed stands for the network's data.
          meters: district.householdMeterNos.map((meterNo) => ({ ...ref(meterNo), opened: true })),
        },
        {
          type: 'SetMeterPositions',
          positions: members.map((m) => ({
            meterNo: m.meterNo,
            coordinates: [m.position.lng, m.position.lat] as [number, number],
          })),
        },
      ],
      { metadata },
    );
    created++;
  }
  return created;
}
