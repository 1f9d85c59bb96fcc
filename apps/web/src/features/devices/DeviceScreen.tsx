import type { MapViewState, PickingInfo } from '@deck.gl/core';
import { GeoJsonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import {
  DEVICE_TYPES,
  type DeviceLatest,
  type DeviceScreenChange,
  type DeviceScreen as DeviceScreenData,
  type DeviceType,
  type ScreenDevice,
  type ScreenMeterState,
} from '@hydrolog/schemas';
import { Anchor, Badge, Box, CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import {
  BasemapAttribution,
  BasemapChoice,
  BasemapNote,
  Corner,
  fitted,
  MAP_GESTURES,
  rgba,
  useBasemap,
} from '../cascade/index.ts';
import { deviceScreen, followScreen, latestOf } from './api/devices.ts';
import {
  CLUSTER_UNTIL_ZOOM,
  type Cluster,
  clusterPoints,
  drawnWindow,
  pointsWithin,
} from './deviceClusters.ts';
import { STATE_COLORS } from './deviceColors.ts';
import { devicePageOf } from './devicePages.ts';
import { applyScreenChange } from './screenChanges.ts';
import { useDeviceRegionOptions } from './useDeviceRegions.ts';

/** A live stream that ended is followed again after this long. */
const RECONNECT_MS = 5_000;
/** The states a point can be in, in the order of the clusters' state indexes. */
const STATES = ['online', 'offline', 'installed', 'notInstalled'] as const;
const stateIndex = (state: (typeof STATES)[number]) => STATES.indexOf(state);
const COLORS = STATES.map((s) => rgba(STATE_COLORS[s], 230));
const BG = '#0b1e3a';

/** Every point of the map as columns: the devices first, then the meters. */
interface Points {
  lng: Float64Array;
  lat: Float64Array;
  state: Uint8Array;
  devices: number;
}

function pointsOf(data: DeviceScreenData): Points {
  const devices = data.devices.length;
  const n = devices + data.meters.meterId.length;
  const points = { lng: new Float64Array(n), lat: new Float64Array(n), state: new Uint8Array(n), devices };
  data.devices.forEach((d, i) => {
    points.lng[i] = d.longitude;
    points.lat[i] = d.latitude;
    points.state[i] = stateIndex(d.status);
  });
  data.meters.lng.forEach((lng, i) => {
    points.lng[devices + i] = lng;
    points.lat[devices + i] = data.meters.lat[i]!;
    points.state[devices + i] = stateIndex(data.meters.state[i]!);
  });
  return points;
}

/** The meters `drawn` (their point indexes) as deck.gl binary attributes: one buffer each, no object per meter. */
function meterAttributes(points: Points, drawn: readonly number[]) {
  const n = drawn.length;
  const positions = new Float64Array(n * 2);
  const colors = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    const p = drawn[i]!;
    positions[i * 2] = points.lng[p]!;
    positions[i * 2 + 1] = points.lat[p]!;
    colors.set(COLORS[points.state[p]!]!, i * 4);
  }
  return {
    drawn,
    length: n,
    attributes: {
      getPosition: { value: positions, size: 2 },
      getFillColor: { value: colors, size: 4, normalized: true },
    },
  };
}

type Selected = { device: ScreenDevice } | { meterNo: string; state: ScreenMeterState };

/** What was clicked: its name, state, latest values and a link to its page. */
function Details({ selected, onClose }: { selected: Selected; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const code = 'device' in selected ? selected.device.deviceCode : selected.meterNo;
  const [latest, setLatest] = useState<DeviceLatest | null>(null);
  useEffect(() => {
    setLatest(null);
    latestOf(code).then(setLatest, () => undefined);
  }, [code]);
  const value = (label: string, v: number | null | undefined, digits = 3) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{formatNumber(v ?? null, i18n.language, digits) || '—'}</Text>
    </Group>
  );
  const state = 'device' in selected ? selected.device.status : selected.state;
  const href =
    'device' in selected ? devicePageOf(selected.device) : `/meter/list?meterNo=${encodeURIComponent(code)}`;
  return (
    <Box
      pos="absolute"
      top={12}
      right={12}
      w={280}
      p="sm"
      bg="rgba(255,255,255,0.95)"
      style={{ borderRadius: 6, boxShadow: '0 2px 8px rgba(0,0,0,0.3)' }}
      data-testid="device-screen-details"
    >
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} truncate>
          {'device' in selected
            ? `${selected.device.deviceName} · ${code}`
            : t('deviceScreen.meter', { meterNo: code })}
        </Text>
        <CloseButton size="sm" aria-label={t('deviceScreen.close')} onClick={onClose} />
      </Group>
      <Group gap="xs" mb="xs">
        {'device' in selected && (
          <Badge variant="light" tt="none">
            {t(`devices.types.${selected.device.deviceType}`)}
          </Badge>
        )}
        <Badge color={STATE_COLORS[state]} tt="none">
          {'device' in selected
            ? t(`devices.statuses.${selected.device.status}`)
            : t(`deviceScreen.meterStates.${selected.state}`)}
        </Badge>
      </Group>
      <Text size="xs" fw={600} mb={2}>
        {t('deviceScreen.latest')}
      </Text>
      {latest?.collectionTime ? (
        <Stack gap={2} data-testid="device-screen-latest">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('deviceScreen.collectionTime')}
            </Text>
            <Text size="sm">{new Date(latest.collectionTime).toLocaleString(i18n.language)}</Text>
          </Group>
          {value(t('deviceScreen.total'), latest.total)}
          {value(t('deviceScreen.flow'), latest.flow)}
          {value(t('deviceScreen.pressure'), latest.pressure)}
          {value(t('deviceScreen.battery'), latest.battery, 2)}
          {value(t('deviceScreen.signal'), latest.signal, 0)}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="device-screen-latest">
          {latest ? t('deviceScreen.noReading') : '…'}
        </Text>
      )}
      <Anchor href={href} target="_blank" size="sm" mt="xs" display="block" data-testid="device-screen-link">
        {t('deviceScreen.openPage')}
      </Anchor>
    </Box>
  );
}

/**
 * /deviceScreen: the full-screen device map, outside the shell (opened in a new tab from the sidebar). Every
 * device, positioned meter and partition boundary of the tenant on the product's basemap, coloured by
 * state, clustered when zoomed out, filtered by type and region, following the states live (the service
 * sends what changed); a click on a device or meter shows its latest values and a link to its page.
 */
export function DeviceScreen() {
  const { t, i18n } = useTranslation();
  const info = session.use().info;
  const regions = useDeviceRegionOptions();
  const [deviceType, setDeviceType] = useState<DeviceType | null>(null);
  const [regionId, setRegionId] = useState<string | null>(null);
  /** The map data with the filter it was read for. */
  const [loaded, setLoaded] = useState<{ filter: string; data: DeviceScreenData } | null>(null);
  const data = loaded?.data ?? null;
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);

  /** When the map was last looked at, so a wall display shows how fresh its states are. */
  const [lookedAt, setLookedAt] = useState<string | null>(null);

  useEffect(() => {
    const query = { deviceType: deviceType ?? undefined, regionId: regionId ?? undefined };
    const filter = `${deviceType}|${regionId}`;
    const controller = new AbortController();
    const load = () =>
      deviceScreen(query).then(
        (read) => {
          if (controller.signal.aborted) return;
          setLoaded({ filter, data: read });
          setLookedAt(read.at);
        },
        () => setFailed(true),
      );
    const onChange = (change: DeviceScreenChange) => {
      setLookedAt(change.at);
      if (change.kind === 'reload') void load();
      else
        setLoaded((current) => {
          if (current?.filter !== filter) return current;
          const next = applyScreenChange(current.data, change);
          return next === current.data ? current : { filter, data: next };
        });
    };
    // The stream says `reload` first, so the map is read once it is followed and no change falls between.
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          await followScreen(onChange, controller.signal);
        } catch (error) {
          // Refused: reading the map shows why, as any page does.
          if (error instanceof RequestError && (error.code === 401 || error.code === 403)) return void load();
        }
        // Ended or cut (the service restarting): followed again in a moment, which reads the map again.
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    };
    void follow();
    return () => controller.abort();
  }, [deviceType, regionId]);

  const points = useMemo(() => (data ? pointsOf(data) : null), [data]);
  const [viewState, setViewState] = useState<MapViewState | null>(null);
  // The first data of a filter fits the view to what it shows; later reads keep the view the user chose.
  const [fittedFor, setFittedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!points || !loaded || fittedFor === loaded.filter) return;
    // Every hundredth point of a large fleet frames it as well as all of them.
    const step = points.lng.length > 10_000 ? 100 : 1;
    const positions: [number, number][] = [];
    for (let i = 0; i < points.lng.length; i += step) positions.push([points.lng[i]!, points.lat[i]!]);
    setViewState(fitted(positions, info?.lngLat));
    setFittedFor(loaded.filter);
  }, [points, loaded, fittedFor, info]);
  const view = viewState ?? fitted([], info?.lngLat);
  const basemap = useBasemap(view);
  const level = Math.floor(view.zoom);
  const clustered = level < CLUSTER_UNTIL_ZOOM;
  const clusters = useMemo(
    () => (points && clustered ? clusterPoints(points, level, STATES.length) : []),
    [points, clustered, level],
  );
  // Zoomed in, only the meters around the view are drawn (and picked): a few hundred of tens of thousands.
  const drawnArea = drawnWindow(view);
  const meters = useMemo(
    () =>
      points && !clustered
        ? meterAttributes(points, pointsWithin(points, drawnArea.bounds, points.devices))
        : null,
    [points, clustered, drawnArea.key],
  );

  const select = (index: number) => {
    if (!data || !points) return;
    if (index < points.devices) setSelected({ device: data.devices[index]! });
    else {
      const m = index - points.devices;
      setSelected({ meterNo: data.meters.meterNo[m]!, state: data.meters.state[m]! });
    }
  };
  const zoomInto = (cluster: Cluster) =>
    setViewState({ ...view, longitude: cluster.position[0], latitude: cluster.position[1], zoom: level + 2 });

  const layers = [
    ...basemap.layers,
    data &&
      new GeoJsonLayer({
        id: 'partitions',
        data: {
          type: 'FeatureCollection',
          features: data.partitions.map((p) => ({
            type: 'Feature' as const,
            geometry: p.boundary,
            properties: {},
          })),
        },
        stroked: true,
        filled: true,
        getFillColor: [25, 113, 194, 30],
        getLineColor: [25, 113, 194, 220],
        getLineWidth: 2,
        lineWidthUnits: 'pixels',
      }),
    clustered &&
      new ScatterplotLayer<Cluster>({
        id: 'clusters',
        data: clusters,
        pickable: true,
        getPosition: (c) => c.position,
        getFillColor: (c) => COLORS[c.state]!,
        getRadius: (c) => (c.count === 1 ? 5 : 10 + 4 * Math.log2(c.count)),
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        getLineWidth: 1.5,
        lineWidthUnits: 'pixels',
        onClick: ({ object }: PickingInfo<Cluster>) => {
          if (!object) return;
          if (object.count === 1) select(object.first);
          else zoomInto(object);
        },
      }),
    clustered &&
      new TextLayer<Cluster>({
        id: 'cluster-counts',
        data: clusters.filter((c) => c.count > 1),
        getPosition: (c) => c.position,
        getText: (c) => String(c.count),
        getSize: 12,
        getColor: [255, 255, 255, 255],
        fontWeight: 700,
      }),
    !clustered &&
      meters &&
      new ScatterplotLayer({
        id: 'meters',
        data: meters,
        pickable: true,
        getRadius: 5,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        getLineWidth: 1,
        lineWidthUnits: 'pixels',
        onClick: ({ index }: PickingInfo) => {
          const point = meters?.drawn[index];
          if (point !== undefined) select(point);
        },
      }),
    !clustered &&
      data &&
      new ScatterplotLayer<ScreenDevice>({
        id: 'devices',
        data: data.devices,
        pickable: true,
        getPosition: (d) => [d.longitude, d.latitude],
        getFillColor: (d) => COLORS[stateIndex(d.status)]!,
        // A device stands out from the meters around it: larger, ringed in dark blue.
        getRadius: 9,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [11, 30, 58, 255],
        getLineWidth: 3,
        lineWidthUnits: 'pixels',
        onClick: ({ object }: PickingInfo<ScreenDevice>) => {
          if (object) setSelected({ device: object });
        },
      }),
  ];

  const title = t('deviceScreen.title');
  return (
    <Stack h="100vh" gap={0} bg={BG} c="#d6e4ff" data-testid="device-screen">
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={3}>{title}</Title>
        <Group gap="sm" wrap="nowrap">
          <Select
            size="xs"
            aria-label={t('devices.deviceType')}
            placeholder={t('devices.allTypes')}
            clearable
            data={DEVICE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }))}
            value={deviceType}
            onChange={(v) => setDeviceType(v as DeviceType | null)}
            data-testid="device-screen-type"
          />
          <Select
            size="xs"
            aria-label={t('devices.region')}
            placeholder={t('devices.allRegions')}
            clearable
            searchable
            data={regions}
            value={regionId}
            onChange={setRegionId}
            data-testid="device-screen-region"
          />
          <BasemapChoice basemap={basemap} />
        </Group>
      </Group>
      <Group gap="lg" px="sm" pb="xs" data-testid="device-screen-counts">
        <Text size="sm" data-testid="device-screen-devices">
          {t('deviceScreen.devices')}: {data?.devices.length ?? '…'}
        </Text>
        <Text size="sm" data-testid="device-screen-meters">
          {t('deviceScreen.meters')}:{' '}
          {data ? formatNumber(data.meters.meterId.length, i18n.language, 0) : '…'}
        </Text>
        <Text size="sm">
          {t('deviceScreen.partitions')}: {data?.partitions.length ?? '…'}
        </Text>
        <Group gap="xs" aria-label={t('deviceScreen.legend')}>
          {STATES.map((s) => (
            <Badge key={s} color={STATE_COLORS[s]} size="sm" tt="none">
              {t(`devices.statuses.${s}`)}
            </Badge>
          ))}
        </Group>
        {data && (
          <Text size="xs" c="#9fb3d9">
            {t('deviceScreen.updatedAt', {
              time: new Date(lookedAt ?? data.at).toLocaleTimeString(i18n.language),
            })}
          </Text>
        )}
      </Group>
      <Box pos="relative" style={{ flex: 1 }} bg="#f4f3ef" data-testid="device-screen-map">
        {failed && !data ? (
          <Text c="dark" p="md">
            {t('deviceScreen.noAccess')}
          </Text>
        ) : (
          <DeckGL
            viewState={view}
            onViewStateChange={({ viewState: next }) => setViewState(next as MapViewState)}
            controller={{ dragRotate: false, touchRotate: false }}
            eventRecognizerOptions={MAP_GESTURES}
            layers={layers}
            getCursor={({ isHovering }) => (isHovering ? 'pointer' : 'grab')}
          />
        )}
        {clustered && (
          <Corner at={{ bottom: 8, left: 8 }} testId="device-screen-zoom-hint">
            <Text size="xs" c="dark">
              {t('deviceScreen.zoomIn')}
            </Text>
          </Corner>
        )}
        <BasemapAttribution basemap={basemap} />
        {selected && <Details selected={selected} onClose={() => setSelected(null)} />}
      </Box>
      <Box px="sm">
        <BasemapNote basemap={basemap} color="#9fb3d9" />
      </Box>
    </Stack>
  );
}
