import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { session } from '../store/session.ts';

/**
 * What a component test (jsdom) needs of the browser that jsdom lacks (media queries, resize observers,
 * scrolling), and i18next in English with the test's catalogue (the web app's own code never imports one).
 */
export async function setUpDom(translation: object): Promise<void> {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
  Element.prototype.scrollIntoView ??= () => undefined;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation } },
    interpolation: { escapeValue: false },
  });
}

/** Renders inside Mantine's provider. */
export const renderInMantine = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

/** A signed-in user holding these permissions. */
export const signIn = (permissions: string[]) =>
  session.set({ ...session.get(), info: { permissions, roles: [] } as never });
