import type { CascadeOverview, MapProvider, PartitionDetail } from '@hydrolog/schemas';
import { useEffect, useMemo } from 'react';
import { session } from '../../store/session.ts';

/**
 * Which partition the leakage analysis and the partition map open on: the one this user last viewed in
 * this browser (kept per tenant and user), else the one with the most data; and which basemap the map
 * opens on: the one this user last chose, else the first configured.
 */

export type PartitionFigures = Pick<
  CascadeOverview['partitionFigures'][number],
  'partitionId' | 'supply' | 'unknown'
>;

/** Who is viewing: the key of their remembered partition. */
export interface Viewer {
  tenantId: string;
  userId: string;
}

/** What a viewer's choice is remembered of: the partition viewed, the basemap chosen. */
export type Choice = 'partition' | 'mapType';

const storageKey = ({ tenantId, userId }: Viewer, choice: Choice) =>
  `hydrolog.cascade.${choice}.${tenantId}.${userId}`;

export function remembered(viewer: Viewer, choice: Choice): string | null {
  try {
    return localStorage.getItem(storageKey(viewer, choice));
  } catch {
    return null;
  }
}

export function remember(viewer: Viewer, choice: Choice, value: string): void {
  try {
    localStorage.setItem(storageKey(viewer, choice), value);
  } catch {
    // Storage refused (private mode, quota): the page opens on the default next time.
  }
}

/** The signed-in user, whose choices are remembered; null before the session is known. */
export function useViewer(): Viewer | null {
  const info = session.use().info;
  return useMemo(() => (info ? { tenantId: info.tenant.tenantId, userId: info.user.userId } : null), [info]);
}

/**
 * How much a partition's figures show, to rank them: this month's measured supply first (the larger, the
 * more), then a summary meter without figures yet, then none.
 */
function dataRank(p: PartitionFigures): number {
  if (p.supply !== null) return 2 + p.supply;
  return p.unknown === 'noSummaryMeter' ? 0 : 1;
}

/**
 * The partition to open on: `remembered` while it still exists, else the one with the most data (the first
 * listed among equals), null when there is none.
 */
export function startingPartition(
  partitions: readonly PartitionFigures[],
  remembered: string | null,
): string | null {
  if (remembered && partitions.some((p) => p.partitionId === remembered)) return remembered;
  let best: PartitionFigures | null = null;
  for (const p of partitions) if (!best || dataRank(p) > dataRank(best)) best = p;
  return best?.partitionId ?? null;
}

/** The partition's root point has no summary meter yet: none of its figures can be computed. */
export function lacksSummaryMeter(partition: PartitionDetail): boolean {
  return partition.points.some((p) => p.pointId === partition.rootPointId && p.summaryMeter === null);
}

/**
 * The partition a cascade page shows: `chosen` (the URL's or the user's pick) when there is one, else the
 * one to open on once `partitions` (each partition's figures) have loaded. Each one shown is remembered as
 * this user's last viewed.
 */
export function useViewedPartition(
  chosen: string | null,
  partitions: readonly PartitionFigures[] | null,
): string | null {
  const viewer = useViewer();
  const starting = useMemo(
    () => (partitions ? startingPartition(partitions, viewer && remembered(viewer, 'partition')) : null),
    [partitions, viewer],
  );
  const shown = chosen || starting;
  useEffect(() => {
    if (viewer && shown) remember(viewer, 'partition', shown);
  }, [viewer, shown]);
  return shown;
}

/** The basemap to open on: `remembered` (a mapType) while it is still configured, else the first; none without any. */
export function startingProvider(
  providers: readonly MapProvider[],
  remembered: string | null,
): MapProvider['mapType'] | undefined {
  return (providers.find((p) => String(p.mapType) === remembered) ?? providers[0])?.mapType;
}
