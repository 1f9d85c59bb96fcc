import { Alert, Box, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPartition, type PartitionView, setMeterPositions, updatePartition } from '../api/cascade.ts';
import { type PartitionGeo, readPartitionGeoJson } from '../lib/cascadeGeo.ts';

/** deck.gl is loaded only when a preview is drawn (the map chunk). */
const BoundaryPreview = lazy(() =>
  import('./BoundaryPreview.tsx').then((m) => ({ default: m.BoundaryPreview })),
);

/**
 * Imports a partition's boundary (a GeoJSON Polygon) and, when the file has them, its meters' positions
 * (Point features with properties.meterNo): the file is checked in the browser with the shared schemas,
 * previewed on the map, then saved.
 */
export function BoundaryImport({
  partition,
  onClose,
}: {
  partition: PartitionView;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [geo, setGeo] = useState<PartitionGeo | null>(
    partition.boundary ? { boundary: partition.boundary, positions: [] } : null,
  );
  const [imported, setImported] = useState(false);
  // The saved boundary and meter positions are drawn until a file is chosen.
  const chosen = useRef(false);
  useEffect(() => {
    getPartition(partition.partitionId).then(
      (detail) => {
        if (!chosen.current && (detail.boundary || detail.meterPositions.length > 0))
          setGeo({ boundary: detail.boundary, positions: detail.meterPositions });
      },
      () => undefined,
    );
  }, [partition.partitionId]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(picked: File | null) {
    chosen.current = true;
    setFile(picked);
    setImported(false);
    setProblem(null);
    if (!picked) return;
    const reading = readPartitionGeoJson(await picked.text());
    if (!reading.ok) return setProblem(t(`cascade.geo.problems.${reading.problem}`));
    setGeo(reading.geo);
    setImported(true);
  }

  async function save() {
    if (!geo || !imported) return;
    setBusy(true);
    try {
      if (geo.boundary) {
        const { partitionId, version, name, leaderName, leaderPhone, thresholds } = partition;
        await updatePartition({
          partitionId,
          version,
          name,
          leaderName,
          leaderPhone,
          thresholds,
          boundary: geo.boundary,
        });
      }
      if (geo.positions.length > 0) await setMeterPositions(partition.partitionId, geo.positions);
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
      size="xl"
      title={t('cascade.geo.title', { name: partition.name })}
    >
      <Stack data-testid="boundary-import">
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
        {imported && geo && (
          <Alert color="blue" data-testid="boundary-summary">
            {t('cascade.geo.summary', {
              corners: Math.max(0, (geo.boundary?.coordinates[0]?.length ?? 1) - 1),
              meters: geo.positions.length,
            })}
          </Alert>
        )}
        <Box
          pos="relative"
          h={360}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!imported} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
