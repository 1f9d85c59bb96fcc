import { CompositeLayer, type UpdateParameters } from '@deck.gl/core';
import { BitmapLayer, PathLayer } from '@deck.gl/layers';
import { tileBounds, tileLevelOf, tilesCovering, tileUrl } from './basemap.ts';

interface BasemapLayerProps {
  /** The provider's URL template ({z}, {x}, {y}). */
  tiles: string;
  /** Told of each tile fetched: whether it loaded. */
  onTile?: (loaded: boolean) => void;
}

/**
 * A raster basemap: the provider's tiles that cover the view, one BitmapLayer each, chosen afresh as the
 * view moves. A tile keeps its layer id, so deck.gl fetches it once while it stays in view. A tile that
 * fails is told to `onTile` rather than raised as the map's error.
 */
export class BasemapLayer extends CompositeLayer<BasemapLayerProps> {
  static override layerName = 'BasemapLayer';

  // The tiles depend on the view, not only on the props.
  override shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return Boolean(changeFlags.somethingChanged);
  }

  override renderLayers() {
    const { viewport } = this.context;
    const [west, south, east, north] = viewport.getBounds();
    const level = tileLevelOf(viewport.zoom);
    const { fetch, onTile } = this.props;
    const fetchTile: typeof fetch = async (url, context) => {
      try {
        const image = await fetch(url, context);
        onTile?.(true);
        return image;
      } catch (error) {
        onTile?.(false);
        throw error;
      }
    };
    return tilesCovering([west, south, east, north], level).map(
      (tile) =>
        new BitmapLayer(
          this.getSubLayerProps({
            id: `${tile.z}-${tile.x}-${tile.y}`,
            image: tileUrl(this.props.tiles, tile),
            bounds: tileBounds(tile),
            fetch: fetchTile,
            // Counted by fetchTile: one missing tile leaves the grid showing through, no more.
            onError: () => true,
          }),
        ),
    );
  }
}

/** Faint meridians and parallels (cascadeGeo's graticule), so that panning and zooming show without a basemap. */
export function graticuleLayer(id: string, lines: [number, number][][]) {
  return new PathLayer({
    id,
    data: lines,
    getPath: (line: [number, number][]) => line,
    getColor: [0, 0, 0, 24],
    getWidth: 1,
    widthUnits: 'pixels',
  });
}
