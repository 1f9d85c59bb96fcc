import type { RegionView } from '@hydrolog/schemas';
import { useEffect, useState } from 'react';
import { treeRows } from '../../lib/treeRows.ts';
import { listDeviceRegions } from './api/devices.ts';

const REGION_TREE = {
  id: (r: RegionView) => r.regionId,
  parentId: (r: RegionView) => r.parentId,
  compare: (a: RegionView, b: RegionView) =>
    a.orderNum - b.orderNum || a.regionName.localeCompare(b.regionName),
};

/** The tenant's device regions as select options in tree order, a sub-region indented under its superior. */
export function useDeviceRegionOptions(): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    listDeviceRegions().then(
      (regions) =>
        setOptions(
          treeRows(regions, REGION_TREE).map((r) => ({
            value: r.regionId,
            label: `${'\u00a0\u00a0'.repeat(r.depth)}${r.regionName}`,
          })),
        ),
      () => undefined,
    );
  }, []);
  return options;
}
