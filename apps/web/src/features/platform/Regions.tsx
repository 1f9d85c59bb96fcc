import { regionScreen } from '../../components/RegionScreen.tsx';
import { createRegion, deleteRegion, listRegions, updateRegion } from './api/platform.ts';

/** The route of this page (menu catalogue component 'tenant/region/index'). */
export const REGIONS_PATH = '/tenant/region';

/** Tenants / Regions: the platform's region tree. */
export const Regions = regionScreen({
  path: REGIONS_PATH,
  testId: 'regions',
  title: 'regions.title',
  permission: 'tenant:region',
  store: { list: listRegions, create: createRegion, update: updateRegion, remove: deleteRegion },
});
