import { type Boundary, DEFAULT_MAP_CENTRE, type PartitionDetail } from '@hydrolog/schemas';
import {
  Alert,
  Box,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../lib/dialogs.ts';
import { session } from '../../store/session.ts';
import {
  getPartition,
  listPartitions,
  type PartitionView,
  setMeterPositions,
  updatePartition,
} from './api/cascade.ts';
import type { DrawView } from './BoundaryDraw.tsx';
import {
  type Drawing,
  drawnGeo,
  EMPTY_DRAWING,
  type PartitionGeo,
  readPartitionGeoJson,
} from './cascadeGeo.ts';

/** deck.gl is loaded only when a map is drawn (the map chunk): the preview and the drawing tool. */
const BoundaryPreview = lazy(() =>
  import('./BoundaryPreview.tsx').then((m) => ({ default: m.BoundaryPreview })),
);
const BoundaryDraw = lazy(() => import('./BoundaryDraw.tsx').then((m) => ({ default: m.BoundaryDraw })));

/** The tenant's partitions' boundaries (every page of the list), drawn for orientation while drawing. */
async function partitionBoundaries(): Promise<{ partitionId: string; boundary: Boundary }[]> {
  const found: { partitionId: string; boundary: Boundary }[] = [];
  for (let pageNum = 1, seen = 0; ; pageNum++) {
    const page = await listPartitions({ pageNum, pageSize: 50 });
    seen += page.rows.length;
    for (const p of page.rows)
      if (p.boundary) found.push({ partitionId: p.partitionId, boundary: p.boundary });
    if (page.rows.length === 0 || seen >= page.total) return found;
  }
}

/** What is about to be saved, and how it looks on the map: the same for an imported file and a drawing. */
function GeoPreview({ geo, pending }: { geo: PartitionGeo | null; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {pending && geo && (
        <Alert color="blue" data-testid="boundary-summary">
          {geo.boundary
            ? t('cascade.geo.summary', {
                // A boundary has at least three corners: the plural follows the meters.
                corners: Math.max(0, (geo.boundary.coordinates[0]?.length ?? 1) - 1),
                count: geo.positions.length,
              })
            : t('cascade.geo.summaryMeters', { count: geo.positions.length })}
        </Alert>
      )}
      <Box
        pos="relative"
        h={400}
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="boundary-preview"
      >
        {geo ? (
          <Suspense fallback={<Loader m="xl" />}>
            <BoundaryPreview geo={geo} />
          </Suspense>
        ) : (
          <Text c="dimmed" p="md">
            {t('cascade.geo.none')}
          </Text>
        )}
      </Box>
    </>
  );
}

/**
 * A partition's boundary and its meters' positions on the map, imported or drawn. Import: a GeoJSON
 * Polygon and, when the file has them, Point features with properties.meterNo, checked in the browser
 * with the shared schemas. Draw: corners clicked on the map, closed into a ring, then meters placed by
 * clicking. Either way the result is previewed on the same map and saved through the same calls (the
 * partition's boundary, then the positions), after a confirmation when it replaces a saved boundary.
 */
export function BoundaryDialog({
  partition,
  onClose,
}: {
  partition: PartitionView;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const around = session.use().info?.lngLat ?? DEFAULT_MAP_CENTRE;
  const [detail, setDetail] = useState<PartitionDetail | null>(null);
  const [others, setOthers] = useState<Boundary[]>([]);
  const [mode, setMode] = useState<'import' | 'draw'>('import');
  // Import
  const [file, setFile] = useState<File | null>(null);
  const [imported, setImported] = useState<PartitionGeo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Draw: kept here, so that it outlives its preview; the map's view too.
  const [drawing, setDrawing] = useState<Drawing>(EMPTY_DRAWING);
  const drawView = useRef<DrawView | null>(null);
  const [previewed, setPreviewed] = useState<PartitionGeo | null>(null);
  const [drawProblem, setDrawProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { partitionId } = partition;
  useEffect(() => {
    getPartition(partitionId).then(setDetail, () => undefined);
    partitionBoundaries().then(
      (all) => setOthers(all.filter((p) => p.partitionId !== partitionId).map((p) => p.boundary)),
      () => undefined,
    );
  }, [partitionId]);

  // What is saved now: drawn until something new is chosen or drawn.
  const saved: PartitionGeo | null = detail
    ? detail.boundary || detail.meterPositions.length > 0
      ? { boundary: detail.boundary, positions: detail.meterPositions }
      : null
    : partition.boundary
      ? { boundary: partition.boundary, positions: [] }
      : null;
  const pending = mode === 'import' ? imported : previewed;
  const drawn = drawing.vertices.length > 0 || drawing.placed.length > 0;

  async function choose(picked: File | null) {
    setFile(picked);
    setImported(null);
    setProblem(null);
    if (!picked) return;
    const reading = readPartitionGeoJson(await picked.text());
    if (!reading.ok) return setProblem(t(`cascade.geo.problems.${reading.problem}`));
    setImported(reading.geo);
  }

  function preview() {
    const result = drawnGeo(drawing);
    if (!result.ok) return setDrawProblem(t(`cascade.geo.draw.problems.${result.problem}`));
    setDrawProblem(null);
    setPreviewed(result.geo);
  }

  async function save() {
    if (!pending) return;
    const savedBoundary = detail ? detail.boundary : partition.boundary;
    if (
      pending.boundary &&
      savedBoundary &&
      !(await confirmDialog({
        title: t('cascade.geo.replaceTitle'),
        message: t('cascade.geo.replaceConfirm', { name: partition.name }),
        confirm: t('cascade.geo.replace'),
      }))
    )
      return;
    setBusy(true);
    try {
      if (pending.boundary) {
        const { name, leaderName, leaderPhone, thresholds } = partition;
        await updatePartition({
          partitionId,
          version: detail?.version ?? partition.version,
          name,
          leaderName,
          leaderPhone,
          thresholds,
          boundary: pending.boundary,
        });
      }
      if (pending.positions.length > 0) await setMeterPositions(partitionId, pending.positions);
      notifications.show({ color: 'green', message: t('cascade.geo.saved', { name: partition.name }) });
      onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      size="72rem"
      // A drawing is not lost to a stray Escape or click beside the dialog.
      closeOnEscape={!drawn}
      closeOnClickOutside={!drawn}
      title={t('cascade.geo.title', { name: partition.name })}
    >
      <Stack data-testid="boundary-dialog">
        <SegmentedControl
          data-testid="boundary-mode"
          value={mode}
          onChange={(value) => setMode(value as 'import' | 'draw')}
          data={[
            { value: 'import', label: t('cascade.geo.modes.import') },
            { value: 'draw', label: t('cascade.geo.modes.draw') },
          ]}
        />
        {mode === 'import' && (
          <>
            <Text size="sm" c="dimmed">
              {t('cascade.geo.hint')}
            </Text>
            <FileInput
              label={t('cascade.geo.file')}
              accept=".geojson,.json,application/geo+json,application/json"
              clearable
              value={file}
              onChange={(f) => void choose(f)}
              error={problem}
            />
          </>
        )}
        {mode === 'draw' && !previewed && (
          <Suspense fallback={<Loader m="xl" />}>
            {detail ? (
              <BoundaryDraw
                drawing={drawing}
                onDrawing={(next) => {
                  setDrawing(next);
                  setDrawProblem(null);
                }}
                saved={saved}
                others={others}
                points={detail.points}
                around={around}
                view={drawView}
              />
            ) : (
              <Loader m="xl" />
            )}
          </Suspense>
        )}
        {drawProblem && mode === 'draw' && (
          <Alert color="red" data-testid="draw-preview-problem">
            {drawProblem}
          </Alert>
        )}
        {(mode === 'import' || previewed) && <GeoPreview geo={pending ?? saved} pending={pending !== null} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('common.cancel')}
          </Button>
          {mode === 'draw' &&
            (previewed ? (
              <Button variant="default" onClick={() => setPreviewed(null)}>
                {t('cascade.geo.draw.back')}
              </Button>
            ) : (
              <Button variant="light" onClick={preview}>
                {t('cascade.geo.draw.preview')}
              </Button>
            ))}
          <Button loading={busy} disabled={!pending} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
