import { describe, expect, it } from 'vitest';
import { CLUSTER_UNTIL_ZOOM, clusterPoints, drawnWindow, pointsWithin } from './deviceClusters.ts';

describe('device screen clusters', () => {
  const points = {
    // Two meters a few metres apart, one 20 km away.
    lng: [120.1, 120.10001, 120.3],
    lat: [30.2, 30.20001, 30.2],
    state: [0, 1, 1],
  };

  it('gathers the points of one grid square, at their mean position, with their most frequent state', () => {
    const clusters = clusterPoints(points, 9, 3);
    expect(clusters).toHaveLength(2);
    const [near, far] = clusters;
    expect(near).toMatchObject({ count: 2, first: 0 });
    expect(near!.position[0]).toBeCloseTo(120.100005, 6);
    expect(far).toMatchObject({ count: 1, state: 1, first: 2, position: [120.3, 30.2] });
    // Ties go to the first state.
    expect(near!.state).toBe(0);
  });

  it('splits clusters as the map zooms in, and gathers everything far out', () => {
    expect(clusterPoints(points, 3, 3)).toHaveLength(1);
    expect(clusterPoints(points, CLUSTER_UNTIL_ZOOM + 6, 3)).toHaveLength(3);
  });

  it('draws one by one only the points around the view, chosen again when the view moved far enough', () => {
    const view = { longitude: 120.1, latitude: 30.2, zoom: 16.2 };
    const near = drawnWindow(view);
    expect(pointsWithin(points, near.bounds)).toEqual([0, 1]);
    expect(pointsWithin(points, near.bounds, 1)).toEqual([1]);
    // A small pan keeps the window; a long one or another zoom level moves it.
    expect(drawnWindow({ ...view, longitude: 120.1001 }).key).toBe(near.key);
    expect(drawnWindow({ ...view, longitude: 120.2 }).key).not.toBe(near.key);
    expect(drawnWindow({ ...view, zoom: 17.1 }).key).not.toBe(near.key);
  });
});
