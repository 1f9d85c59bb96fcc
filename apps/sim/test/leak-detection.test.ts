import {
  addDays,
  detectLeaks,
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

describe('leak detector on the simulated fleet', () => {
  // Weeks of nights first: the detector judges a night only once it knows the district's week and noise.
  const firstDay = '2026-07-01';
  const days = 100;

  it('finds an injected main break within two nights of its start, and nothing before it', () => {
    const burstDay = addDays(firstDay, 70);
    // A break at 15:00 local, in every district in turn.
    for (const district of fleet.districts) {
      const model = new FleetModel(fleet);
      const start = new Date(localMidnight(burstDay, fleet.timeZone) + 15 * HOUR);
      model.addBurst({ district: district.index, start, sizeM3h: 1.5 });
      const nights = nightlyMnf(model, district.index, firstDay, days);
      expect(nights).toHaveLength(days);
      const { leaks } = detectLeaks(nights);
      expect(leaks).toHaveLength(1);
      // The first night after the break is the next day's 02:00-04:00.
      expect(leaks[0]).toMatchObject({ kind: 'abrupt', start: addDays(burstDay, 1), repaired: null });
      expect([addDays(burstDay, 1), addDays(burstDay, 2)]).toContain(leaks[0]!.detected);
      expect(leaks[0]!.sizeM3h).toBeGreaterThan(1);
      expect(leaks[0]!.sizeM3h).toBeLessThan(2);
    }
  });

  it('stays quiet on the same nights without a burst', () => {
    for (const district of fleet.districts) {
      const nights = nightlyMnf(new FleetModel(fleet), district.index, firstDay, days);
      expect(detectLeaks(nights).leaks).toEqual([]);
    }
  });
});
