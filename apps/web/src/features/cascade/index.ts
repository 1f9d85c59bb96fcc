/** What other contexts use of the cascade context: the basemap every map of the product is drawn on. */
export {
  type Basemap,
  BasemapAttribution,
  BasemapChoice,
  BasemapNote,
  Corner,
  fitted,
  rgba,
  useBasemap,
} from './BasemapParts.tsx';
export { DECK_ZOOMS, MAP_GESTURES, scaleBar } from './basemap.ts';
