import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Badge, createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, takeLanguageChanged } from './i18n/index.ts';
import { palette } from './lib/palette.ts';
import { router } from './router.tsx';
import { settings } from './store/settings.ts';

// A badge (a status, a kind) is read whole: it never shrinks to "L…" in a crowded table row.
const wholeBadge = Badge.extend({ styles: { root: { minWidth: 'max-content' } } });

/** The theme colour of the settings drawer is Mantine's primary colour. */
function App() {
  const { theme: color } = settings.use();
  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'brand',
        primaryShade: 5,
        colors: { brand: palette(color) },
        components: { Badge: wholeBadge },
      }),
    [color],
  );
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}

await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// After the reload of a language change, confirm it (spec section 1).
if (takeLanguageChanged()) notifications.show({ color: 'green', message: i18next.t('language.changed') });
