import type { UnknownReason } from '@hydrolog/schemas';
import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A figure as formatted text, or why it is not known, the reason in grey with its explanation on hover
 * (DESIGN: an unknown figure is shown as unknown with its reason, never as 0 or 100%); '—' for a figure
 * that has no meaning without a reason to give (a rate of no supply).
 */
export function FigureValue({ text, unknown }: { text: string; unknown: UnknownReason | null }) {
  const { t } = useTranslation();
  if (text) return text;
  if (!unknown) return '—';
  return (
    <Tooltip label={t(`figures.why.${unknown}`)} multiline w={280}>
      <Text span c="dimmed" fz="inherit" data-unknown={unknown}>
        {t(`figures.unknown.${unknown}`)}
      </Text>
    </Tooltip>
  );
}

/**
 * Why a balance's figure is null: `reason` when the figure is null, else none. Supply and leakage take the
 * balance's own reason; sales are only ever null for a point without sub-meters.
 */
export const whyNull = (value: number | null | undefined, reason: UnknownReason | null) =>
  value === null ? reason : null;
