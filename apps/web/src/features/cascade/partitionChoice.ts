import type { CascadeOverview, PartitionDetail } from '@hydrolog/schemas';
import { useEffect, useMemo } from 'react';
import { session } from '../../store/session.ts';

/**
 * Which partition the leakage analysis and the partition map open on: the one this user last viewed in
 * this browser (kept per tenant and user), else the one with the most data.
 */

type PartitionFigures = Pick<
  CascadeOverview['partitionFigures'][number],
  'partitionId' | 'supply' | 'unknown'
>;

/** Who is viewing: the key of their remembered partition. */
export interface Viewer {
  tenantId: string;
  userId: string;
}

const storageKey = ({ tenantId, userId }: Viewer) => `hydrolog.cascade.partition.${tenantId}.${userId}`;

export function rememberedPartition(viewer: Viewer): string | null {
  try {
    return localStorage.getItem(storageKey(viewer));
  } catch {
    return null;
  }
}

export function rememberPartition(viewer: Viewer, partitionId: string): void {
  try {
    localStorage.setItem(storageKey(viewer), partitionId);
  } catch {
    // Storage refused (private mode, quota): the page opens on the default next time.
  }
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
  const info = session.use().info;
  const viewer = useMemo(
    () => (info ? { tenantId: info.tenant.tenantId, userId: info.user.userId } : null),
    [info],
  );
  const starting = useMemo(
    () => (partitions ? startingPartition(partitions, viewer && rememberedPartition(viewer)) : null),
    [partitions, viewer],
  );
  const shown = chosen || starting;
  useEffect(() => {
    if (viewer && shown) rememberPartition(viewer, shown);
  }, [viewer, shown]);
  return shown;
}
