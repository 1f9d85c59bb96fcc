import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from './SubmitForm.tsx';

/**
 * The one frame of a form in a dialog: the title, the fields, then Cancel and the submit button (Save unless
 * named). Enter submits; the browser's own validation is off, as the shared zod schema checks the fields.
 */
export function FormDialog({
  title,
  size,
  busy,
  submitLabel,
  closeOnly,
  fullScreen,
  testId,
  onClose,
  onSubmit,
  children,
}: {
  title: ReactNode;
  size?: ModalProps['size'];
  busy: boolean;
  submitLabel?: string;
  /** A form only shown, nothing to save: instead of Cancel and the submit button, one button so named closes it. */
  closeOnly?: string;
  /** Fills the screen (a form filled on a phone). */
  fullScreen?: boolean;
  /** Names the form element for tests. */
  testId?: string;
  onClose(): void;
  onSubmit(): unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size={size} fullScreen={fullScreen}>
      <SubmitForm testId={testId} onSubmit={onSubmit}>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {closeOnly ?? t('common.cancel')}
            </Button>
            {closeOnly === undefined && (
              <Button type="submit" loading={busy}>
                {submitLabel ?? t('common.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
