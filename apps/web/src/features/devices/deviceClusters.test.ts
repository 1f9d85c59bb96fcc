import { describe, expect, it } from 'vitest';
import { CLUSTER_UNTIL_ZOOM, clusterPoints } from './deviceClusters.ts';

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
});
