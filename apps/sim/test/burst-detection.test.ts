import {
  addDays,
  detectBursts,
  intervalVolumes,
  localHourBoundaries,
  localMidnight,
  nightFlows,
  readingGaps,
  volumeKnown,
} from '@hydrolog/domain';
import { describe, expect, it } from 'vitest';
import { demoFleet } from '../src/fleet.ts';
import { FleetModel } from '../src/model.ts';

const fleet = demoFleet();
const HOUR = 3_600_000;

/**
 * The nightly MNF series of a district's inlet as Hydrolog computes it: the inlet's counter read on every
 * hour (as the concentrator does), hourly volumes in local hours, the lowest flow of 02:00-04:00.
 */
function nightlyMnf(model: FleetModel, district: number, firstDay: string, days: number) {
  const inlet = fleet.districts[district]!.inletMeterNo;
  const from = localMidnight(firstDay, fleet.timeZone);
  const to = localMidnight(addDays(firstDay, days), fleet.timeZone);
  const readings = [];
  for (let t = from; t <= to; t += HOUR) readings.push({ t, total: model.counterAt(inlet, t) });
  const hours = intervalVolumes(readings, localHourBoundaries(from, to, fleet.timeZone), readingGaps(60));
  return nightFlows(
    hours.map((h) => ({ ...h, known: volumeKnown(h) })),
    firstDay,
    addDays(firstDay, days - 1),
    fleet.timeZone,
  );
}

describe('burst detector on the simulated fleet', () => {
  it('finds an injected main break within two nights of its start, and nothing before it', () => {
    const firstDay = '2026-09-01';
    const burstDay = addDays(firstDay, 20);
    // A break at 15:00 local on the 21st day, in every district in turn.
    for (const district of fleet.districts) {
      const model = new FleetModel(fleet);
      const start = new Date(localMidnight(burstDay, fleet.timeZone) + 15 * HOUR);
      model.addBurst({ district: district.index, start, sizeM3h: 1.5 });
      const nights = nightlyMnf(model, district.index, firstDay, 30);
      expect(nights).toHaveLength(30);
      const found = detectBursts(nights);
      expect(found).toHaveLength(1);
      // The first night after the break is the next day's 02:00-04:00.
      expect([addDays(burstDay, 1), addDays(burstDay, 2)]).toContain(found[0]!.date);
      expect(found[0]!.rise).toBeGreaterThan(1);
    }
  });

  it('stays quiet on the same nights without a burst', () => {
    for (const district of fleet.districts) {
      const nights = nightlyMnf(new FleetModel(fleet), district.index, '2026-09-01', 30);
      expect(detectBursts(nights)).toEqual([]);
    }
  });
});
