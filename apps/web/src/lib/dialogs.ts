import { modals } from '@mantine/modals';
import i18next from 'i18next';

/** A message the user acknowledges with one button; not dismissible otherwise. Resolves on OK. */
export function alertDialog(options: { title: string; message: string; color?: string }): Promise<void> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      centered: true,
      withCloseButton: false,
      closeOnClickOutside: false,
      closeOnEscape: false,
      labels: { confirm: i18next.t('common.ok'), cancel: i18next.t('common.cancel') },
      cancelProps: { display: 'none' },
      confirmProps: { color: options.color, 'data-testid': 'alert-ok' },
      onConfirm: () => resolve(),
    });
  });
}

/** A yes/no question; resolves true on confirm, false on cancel or dismissal. */
export function confirmDialog(options: {
  title: string;
  message: string;
  confirm: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      centered: true,
      labels: { confirm: options.confirm, cancel: i18next.t('common.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * The random initial password of a created or reset user (also a new tenant's first administrator),
 * shown once: the administrator passes it on, and the user must change it at the first sign-in.
 */
export function showInitialPassword(userName: string, password: string): Promise<void> {
  return alertDialog({
    title: i18next.t('users.initialPasswordTitle', { name: userName }),
    message: i18next.t('users.initialPasswordText', { name: userName, password }),
  });
}
