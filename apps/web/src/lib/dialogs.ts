import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import type { ReactNode } from 'react';

/**
 * A message the user acknowledges with one button (OK unless `confirm` names it); not dismissible
 * otherwise. Resolves on that button.
 */
export function alertDialog(options: {
  title: string;
  message: ReactNode;
  color?: string;
  confirm?: string;
  size?: string;
}): Promise<void> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      centered: true,
      size: options.size,
      withCloseButton: false,
      closeOnClickOutside: false,
      closeOnEscape: false,
      labels: { confirm: options.confirm ?? i18next.t('common.ok'), cancel: i18next.t('common.cancel') },
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
 * The one way a confirmed action runs: ask, run, say it worked (a text, or one made of what the action
 * answered). True once it succeeded; false when the user declined or the server refused (the request layer
 * has shown why).
 */
export async function confirmAndRun<T>(
  question: { title: string; message: string; confirm: string },
  action: () => Promise<T>,
  success?: string | ((result: T) => string),
): Promise<boolean> {
  if (!(await confirmDialog(question))) return false;
  let result: T;
  try {
    result = await action();
  } catch {
    return false;
  }
  if (success)
    notifications.show({
      color: 'green',
      message: typeof success === 'string' ? success : success(result),
    });
  return true;
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
