import type { PickingInfo } from '@deck.gl/core';
import { GeoJsonLayer, PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import type { Boundary, PointView } from '@hydrolog/schemas';
import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPointSubMeters } from './api/cascade.ts';
import { graticuleLayer } from './BasemapLayer.ts';
import { MAP_GESTURES } from './basemap.ts';
import {
  type DrawAction,
  type Drawing,
  type DrawProblem,
  drawStep,
  graticule,
  type LngLat,
  type PartitionGeo,
  roundPosition,
  viewOf,
} from './cascadeGeo.ts';

/** Where the drawing map looks; kept by the dialog, so that the view outlives a preview. */
export interface DrawView {
  longitude: number;
  latitude: number;
  zoom: number;
}

type Rgba = [number, number, number, number];
const DRAWN: Rgba = [230, 119, 0, 255];
const SAVED: Rgba = [25, 113, 194, 170];
const OTHERS: Rgba = [134, 142, 150, 200];
const PLACED: Rgba = [214, 51, 108, 255];
/** Sub-meters listed at once; a number typed finds the others. */
const PAGE = 50;

const collection = (boundaries: readonly Boundary[]) => ({
  type: 'FeatureCollection' as const,
  features: boundaries.map((geometry) => ({ type: 'Feature' as const, geometry, properties: {} })),
});

/**
 * The first view: the partition's own shapes (drawn or saved) if it has any, else the other partitions',
 * else the tenant's map centre.
 */
function firstView(
  drawing: Drawing,
  saved: PartitionGeo | null,
  others: readonly Boundary[],
  around: LngLat,
): DrawView {
  const own = [
    ...drawing.vertices,
    ...drawing.placed.map((p) => p.coordinates),
    ...(saved?.boundary?.coordinates[0] ?? []),
    ...(saved?.positions.map((p) => p.coordinates) ?? []),
  ];
  if (own.length > 0) return viewOf(own);
  return viewOf(
    others.flatMap((b) => b.coordinates[0] ?? []),
    around,
  );
}

/** A meter that can be placed: a point's summary meter or one of its sub-meters. */
interface Choice {
  meterNo: string;
  summary: boolean;
}

/** The meters of one point of the partition: its summary meter, then its sub-meters found by number. */
function useMeterChoices(points: readonly PointView[]) {
  const [pointId, setPointId] = useState<string | null>(points[0]?.pointId ?? null);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [subs, setSubs] = useState<{ meterNos: string[]; total: number } | null>(null);
  useEffect(() => {
    if (!pointId) return;
    let current = true;
    setSubs(null);
    listPointSubMeters(pointId, { pageNum: 1, pageSize: PAGE, meterNo: typed || undefined }).then(
      (page) => {
        if (current) setSubs({ meterNos: page.rows.map((m) => m.meterNo), total: page.total });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pointId, typed]);
  const summary = points.find((p) => p.pointId === pointId)?.summaryMeter?.meterNo;
  const choices: Choice[] = [
    ...(summary?.includes(typed) ? [{ meterNo: summary, summary: true }] : []),
    ...(subs?.meterNos ?? []).map((meterNo) => ({ meterNo, summary: false })),
  ];
  return { pointId, setPointId, search, setSearch, choices, subs };
}

/**
 * Drawing a partition's boundary and placing its meters on a deck.gl map without basemap (this module is
 * the map chunk: the dialog loads it through React.lazy). Corners are added by clicking the map, through
 * deck.gl's own onClick; clicking the first corner, Enter or "Close the ring" closes it (closeRing's
 * checks); Backspace or "Undo" takes the last corner back. Then a meter chosen in the list is placed by a
 * click. Grid lines, the other partitions' boundaries and what is saved are drawn for orientation.
 */
export function BoundaryDraw({
  drawing,
  onDrawing,
  saved,
  others,
  points,
  around,
  view,
}: {
  drawing: Drawing;
  onDrawing(drawing: Drawing): void;
  saved: PartitionGeo | null;
  others: readonly Boundary[];
  points: readonly PointView[];
  around: LngLat;
  view: RefObject<DrawView | null>;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'boundary' | 'meters'>('boundary');
  const [problem, setProblem] = useState<DrawProblem | 'chooseMeter' | null>(null);
  const [hover, setHover] = useState<LngLat | null>(null);
  const [initialViewState] = useState(() => view.current ?? firstView(drawing, saved, others, around));
  const [current, setCurrent] = useState<DrawView>(initialViewState);
  const grid = useMemo(() => graticule(current), [current]);
  const meters = useMeterChoices(points);
  const [meterNo, setMeterNo] = useState<string | null>(null);
  const placedNos = new Set(drawing.placed.map((p) => p.meterNo));
  const savedNos = new Set(saved?.positions.map((p) => p.meterNo));

  function apply(action: DrawAction): boolean {
    const result = drawStep(drawing, action);
    if (!result.ok) {
      setProblem(result.problem);
      return false;
    }
    setProblem(null);
    onDrawing(result.drawing);
    return true;
  }

  function click(info: PickingInfo) {
    if (!info.coordinate) return;
    const at = roundPosition([info.coordinate[0]!, info.coordinate[1]!]);
    if (step === 'boundary') {
      if (info.layer?.id === 'draw-vertices' && info.index === 0 && drawing.vertices.length >= 3)
        apply({ type: 'close' });
      else apply({ type: 'add', at });
      return;
    }
    if (!meterNo) return setProblem('chooseMeter');
    if (!apply({ type: 'place', meterNo, at })) return;
    // On to the next meter of the list that is not placed yet.
    const after = meters.choices.slice(meters.choices.findIndex((c) => c.meterNo === meterNo) + 1);
    const next = after.find((c) => !placedNos.has(c.meterNo));
    if (next) setMeterNo(next.meterNo);
  }

  function keys(event: KeyboardEvent) {
    if (step !== 'boundary') return;
    if (event.key === 'Enter') {
      event.preventDefault();
      apply({ type: 'close' });
    } else if (event.key === 'Backspace' || ((event.ctrlKey || event.metaKey) && event.key === 'z')) {
      event.preventDefault();
      apply({ type: 'undo' });
    }
  }

  const closable = !drawing.boundary && drawing.vertices.length >= 3;
  const last = drawing.vertices.at(-1);
  const selected = meterNo
    ? (drawing.placed.find((p) => p.meterNo === meterNo) ??
      saved?.positions.find((p) => p.meterNo === meterNo))
    : undefined;
  const position = (p: { coordinates: [number, number] }) => p.coordinates;
  const layers = [
    graticuleLayer('draw-grid', grid.lines),
    new GeoJsonLayer({
      id: 'draw-others',
      data: collection(others),
      stroked: true,
      filled: true,
      lineWidthMinPixels: 1,
      getFillColor: [OTHERS[0], OTHERS[1], OTHERS[2], 40],
      getLineColor: OTHERS,
    }),
    new GeoJsonLayer({
      id: 'draw-saved',
      data: collection(saved?.boundary ? [saved.boundary] : []),
      stroked: true,
      filled: true,
      lineWidthMinPixels: 1,
      getFillColor: [SAVED[0], SAVED[1], SAVED[2], 30],
      getLineColor: SAVED,
    }),
    new ScatterplotLayer({
      id: 'draw-saved-meters',
      data: saved?.positions ?? [],
      getPosition: position,
      getFillColor: [90, 90, 90, 200],
      getRadius: 3,
      radiusUnits: 'pixels',
    }),
    drawing.boundary
      ? new GeoJsonLayer({
          id: 'draw-ring',
          data: collection([drawing.boundary]),
          stroked: true,
          filled: true,
          lineWidthMinPixels: 2,
          getFillColor: [DRAWN[0], DRAWN[1], DRAWN[2], 60],
          getLineColor: DRAWN,
        })
      : new PathLayer({
          id: 'draw-path',
          data: [drawing.vertices],
          getPath: (path: LngLat[]) => path as [number, number][],
          getColor: DRAWN,
          getWidth: 2,
          widthUnits: 'pixels',
        }),
    new PathLayer({
      id: 'draw-next-edge',
      data: step === 'boundary' && !drawing.boundary && last && hover ? [[last, hover]] : [],
      getPath: (path: LngLat[]) => path as [number, number][],
      getColor: [DRAWN[0], DRAWN[1], DRAWN[2], 120],
      getWidth: 1,
      widthUnits: 'pixels',
    }),
    new ScatterplotLayer({
      id: 'draw-vertices',
      data: drawing.vertices.map((at, index) => ({ at, index })),
      pickable: step === 'boundary',
      getPosition: (v: { at: LngLat }) => v.at as [number, number],
      getRadius: (v: { index: number }) => (v.index === 0 && closable ? 7 : 4),
      radiusUnits: 'pixels',
      stroked: true,
      getFillColor: [255, 255, 255, 255],
      getLineColor: DRAWN,
      lineWidthMinPixels: 2,
      updateTriggers: { getRadius: closable },
    }),
    new ScatterplotLayer({
      id: 'draw-selected',
      data: selected ? [selected] : [],
      getPosition: position,
      getRadius: 10,
      radiusUnits: 'pixels',
      stroked: true,
      filled: false,
      getLineColor: PLACED,
      lineWidthMinPixels: 2,
    }),
    new ScatterplotLayer({
      id: 'draw-placed',
      data: drawing.placed,
      getPosition: position,
      getRadius: 5,
      radiusUnits: 'pixels',
      stroked: true,
      getFillColor: PLACED,
      getLineColor: [255, 255, 255, 255],
      lineWidthMinPixels: 1,
    }),
    new TextLayer({
      id: 'draw-placed-labels',
      data: drawing.placed,
      getPosition: position,
      getText: (p: { meterNo: string }) => p.meterNo,
      getSize: 12,
      getColor: [33, 37, 41, 255],
      getPixelOffset: [0, -14],
    }),
  ];

  const legend = [
    { color: DRAWN, label: t('cascade.geo.draw.legendDrawn') },
    { color: SAVED, label: t('cascade.geo.draw.legendSaved') },
    { color: OTHERS, label: t('cascade.geo.draw.legendOthers') },
    { color: PLACED, label: t('cascade.geo.draw.legendPlaced') },
  ];
  const subs = meters.subs;

  return (
    <Grid data-testid="boundary-draw">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Box
          pos="relative"
          h={460}
          role="application"
          tabIndex={0}
          onKeyDown={keys}
          aria-label={t('cascade.geo.draw.map')}
          style={{ border: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden' }}
          data-testid="draw-map"
        >
          <DeckGL
            initialViewState={initialViewState}
            controller={{ doubleClickZoom: false }}
            eventRecognizerOptions={MAP_GESTURES}
            layers={layers}
            onClick={click}
            onHover={(info) => setHover(info.coordinate ? [info.coordinate[0]!, info.coordinate[1]!] : null)}
            onViewStateChange={({ viewState }) => {
              const { longitude, latitude, zoom } = viewState as DrawView;
              view.current = { longitude, latitude, zoom };
              setCurrent(view.current);
            }}
            getCursor={({ isDragging }) => (isDragging ? 'grabbing' : 'crosshair')}
          />
          <Text
            size="xs"
            pos="absolute"
            bottom={4}
            left={6}
            c="dimmed"
            style={{ pointerEvents: 'none' }}
            data-testid="draw-cursor"
          >
            {hover ? `${hover[0].toFixed(6)}, ${hover[1].toFixed(6)}` : ''}
          </Text>
        </Box>
        <Group gap="sm" mt={4}>
          {legend.map((entry) => (
            <Group key={entry.label} gap={4}>
              <Box w={12} h={12} bg={`rgb(${entry.color.slice(0, 3).join(',')})`} />
              <Text size="xs">{entry.label}</Text>
            </Group>
          ))}
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={step}
            onChange={(value) => {
              setStep(value as 'boundary' | 'meters');
              setProblem(null);
            }}
            data={[
              { value: 'boundary', label: t('cascade.geo.draw.boundaryStep') },
              { value: 'meters', label: t('cascade.geo.draw.metersStep') },
            ]}
          />
          {step === 'boundary' ? (
            <>
              <Text size="sm" c="dimmed">
                {t('cascade.geo.draw.boundaryHint')}
              </Text>
              <Text fw={500} data-testid="draw-status">
                {drawing.boundary
                  ? t('cascade.geo.draw.closed', { corners: drawing.boundary.coordinates[0]!.length - 1 })
                  : t('cascade.geo.draw.open', { corners: drawing.vertices.length })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={drawing.vertices.length === 0}
                  onClick={() => apply({ type: 'undo' })}
                >
                  {t('cascade.geo.draw.undo')}
                </Button>
                <Button
                  size="xs"
                  disabled={drawing.boundary !== null}
                  onClick={() => apply({ type: 'close' })}
                >
                  {t('cascade.geo.draw.close')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  disabled={drawing.vertices.length === 0}
                  onClick={() => apply({ type: 'clear' })}
                >
                  {t('cascade.geo.draw.clear')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('cascade.geo.draw.metersHint')}
              </Text>
              <Select
                label={t('cascade.geo.draw.point')}
                allowDeselect={false}
                value={meters.pointId}
                onChange={meters.setPointId}
                data={points.map((p) => ({
                  value: p.pointId,
                  label: `${'· '.repeat(p.level - 1)}${p.name}`,
                }))}
              />
              <TextInput
                label={t('cascade.geo.draw.search')}
                value={meters.search}
                maxLength={32}
                onChange={(e) => meters.setSearch(e.currentTarget.value)}
              />
              <ScrollArea.Autosize mah={210} data-testid="draw-meters">
                {meters.choices.map((c) => (
                  <NavLink
                    key={c.meterNo}
                    component="button"
                    active={c.meterNo === meterNo}
                    label={c.meterNo}
                    description={t(c.summary ? 'cascade.geo.draw.summaryMeter' : 'cascade.geo.draw.subMeter')}
                    rightSection={
                      placedNos.has(c.meterNo) ? (
                        <Badge size="xs" color="pink">
                          {t('cascade.geo.draw.placed')}
                        </Badge>
                      ) : savedNos.has(c.meterNo) ? (
                        <Badge size="xs" color="gray">
                          {t('cascade.geo.draw.onMap')}
                        </Badge>
                      ) : null
                    }
                    onClick={() => {
                      setMeterNo(c.meterNo);
                      setProblem(null);
                    }}
                  />
                ))}
                {subs && meters.choices.length === 0 && (
                  <Text size="sm" c="dimmed" p="xs">
                    {t('cascade.geo.draw.noMeters')}
                  </Text>
                )}
              </ScrollArea.Autosize>
              {subs && subs.total > subs.meterNos.length && (
                <Text size="xs" c="dimmed">
                  {t('cascade.geo.draw.more', { shown: subs.meterNos.length, total: subs.total })}
                </Text>
              )}
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500} data-testid="draw-placed">
                  {t('cascade.geo.draw.placedCount', { meters: drawing.placed.length })}
                </Text>
                {meterNo && placedNos.has(meterNo) && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => apply({ type: 'unplace', meterNo })}
                  >
                    {t('cascade.geo.draw.unplace', { meterNo })}
                  </Button>
                )}
              </Group>
            </>
          )}
          {problem && (
            <Alert color="red" data-testid="draw-problem">
              {t(`cascade.geo.draw.problems.${problem}`)}
            </Alert>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
