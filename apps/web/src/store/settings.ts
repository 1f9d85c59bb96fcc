import { createStore } from './createStore.ts';

/** Spec sections 2 and 9: eight theme presets, default #1890ff. */
export const THEME_PRESETS = [
  '#1890ff',
  '#304156',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#fa541c',
  '#c71585',
] as const;

export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#1890ff',
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
};
const STORAGE_KEY = 'layout-setting';

function read(): LayoutSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<LayoutSettings>;
    const theme = /^#[0-9a-f]{6}$/i.test(stored.theme ?? '') ? stored.theme! : DEFAULT_SETTINGS.theme;
    return {
      theme,
      tagsView: stored.tagsView ?? DEFAULT_SETTINGS.tagsView,
      fixedHeader: stored.fixedHeader ?? DEFAULT_SETTINGS.fixedHeader,
      sidebarLogo: stored.sidebarLogo ?? DEFAULT_SETTINGS.sidebarLogo,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

const store = createStore<LayoutSettings>(read());

/** The settings drawer's choices, kept in localStorage. */
export const settings = {
  use: store.use,
  update(change: Partial<LayoutSettings>) {
    const next = { ...store.get(), ...change };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    store.set(next);
  },
  reset() {
    localStorage.removeItem(STORAGE_KEY);
    store.set(DEFAULT_SETTINGS);
  },
};
