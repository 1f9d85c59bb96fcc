/** Outline icons (24 px grid, stroke 2) for the menu tree's icon names and the shell's buttons. */
const PATHS: Record<string, string> = {
  settings:
    'M12 9a3 3 0 1 0 0 6a3 3 0 0 0 0-6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3a1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8a1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5a1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  server: 'M4 4h16v6H4z M4 14h16v6H4z M8 7h.01 M8 17h.01',
  building: 'M4 21V5l8-2v18 M12 8l8 2v11 M2 21h20 M8 9v.01 M8 13v.01 M8 17v.01 M16 13v.01 M16 17v.01',
  users:
    'M9 11a4 4 0 1 0 0-8a4 4 0 0 0 0 8z M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2 M16 3.1a4 4 0 0 1 0 7.8 M21 21v-2a4 4 0 0 0-3-3.9',
  gauge: 'M12 21a9 9 0 1 1 0-18a9 9 0 0 1 0 18z M12 12l4-3 M7 16h10',
  coin: 'M12 21a9 9 0 1 1 0-18a9 9 0 0 1 0 18z M14.5 9a2.5 2 0 0 0-2.5-1.5h-1a2 2 0 0 0 0 4h2a2 2 0 0 1 0 4h-1a2.5 2 0 0 1-2.5-1.5 M12 6v1.5 M12 16.5V18',
  receipt: 'M5 21V3h14v18l-3-2l-2 2l-2-2l-2 2l-2-2z M9 7h6 M9 11h6 M9 15h4',
  id: 'M3 5h18v14H3z M9 10a2 2 0 1 0 0 .01 M15 8h2 M15 12h2 M7 16h10',
  clipboard:
    'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2 M9 3h6v4H9z M9 12h6 M9 16h6',
  tool: 'M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1-3 3l-6-6a6 6 0 0 1-8-8z',
  bell: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6 M9 17v1a3 3 0 0 0 6 0v-1',
  chart: 'M3 3v18h18 M7 15l4-4l3 3l5-6',
  droplet: 'M12 3c3.5 4.5 6 8 6 11a6 6 0 0 1-12 0c0-3 2.5-6.5 6-11z',
  antenna:
    'M12 12v9 M8 21h8 M12 12a1 1 0 1 0 0-.01 M8.5 8.5a5 5 0 0 0 0 7 M15.5 8.5a5 5 0 0 1 0 7 M5.5 5.5a9 9 0 0 0 0 13 M18.5 5.5a9 9 0 0 1 0 13',
  wallet:
    'M17 8V5a1 1 0 0 0-1-1H6a2 2 0 0 0 0 4h12a1 1 0 0 1 1 1v3m0 4v3a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V6 M20 12v4h-4a2 2 0 0 1 0-4h4',
  mail: 'M3 5h18v14H3z M3 7l9 6l9-6',
  home: 'M5 12H3l9-9l9 9h-2 M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7 M9 21v-6h6v6',
  user: 'M12 11a4 4 0 1 0 0-8a4 4 0 0 0 0 8z M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
  logout:
    'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2 M9 12h12l-3-3 M18 15l3-3',
  refresh: 'M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4 M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4',
  close: 'M18 6L6 18 M6 6l12 12',
  sliders: 'M4 6h8 M16 6h4 M14 4v4 M4 12h2 M10 12h10 M8 10v4 M4 18h11 M19 18h1 M17 16v4',
  external: 'M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6 M11 13l9-9 M15 4h5v5',
  clock: 'M12 21a9 9 0 1 1 0-18a9 9 0 0 1 0 18z M12 7v5l3 3',
  lock: 'M5 11h14v10H5z M8 11V7a4 4 0 1 1 8 0v4',
  map: 'M3 6l6-3l6 3l6-3v15l-6 3l-6-3l-6 3z M9 3v15 M15 6v15',
  upload: 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2 M7 9l5-5l5 5 M12 4v12',
  edit: 'M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4 M13.5 6.5l4 4',
  key: 'M15 3a6 6 0 1 1-5.2 9L3 18.8V21h3v-2h2v-2h2l1.8-1.8A6 6 0 0 1 15 3z M16.5 7.5v.01',
  plus: 'M12 5v14 M5 12h14',
  pause: 'M6 5h4v14H6z M14 5h4v14h-4z',
  play: 'M7 4v16l13-8z',
  'chevron-right': 'M9 6l6 6l-6 6',
  'chevron-down': 'M6 9l6 6l6-6',
  'arrow-up': 'M12 5v14 M16 9l-4-4 M8 9l4-4',
  'arrow-down': 'M12 5v14 M16 15l-4 4 M8 15l4 4',
  selector: 'M8 9l4-4l4 4 M16 15l-4 4l-4-4',
  columns: 'M3 5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z M9 3v18 M15 3v18',
  eye: 'M2 12s3.5-7 10-7s10 7 10 7s-3.5 7-10 7s-10-7-10-7z M12 15a3 3 0 1 0 0-6a3 3 0 0 0 0 6z',
  copy: 'M8 8h12v12H8z M16 8V4H4v12h4',
  check: 'M5 12l5 5L20 7',
  alert: 'M12 9v4 M12 17h.01 M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  ban: 'M12 21a9 9 0 1 1 0-18a9 9 0 0 1 0 18z M5.7 5.7l12.6 12.6',
  download: 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2 M7 11l5 5l5-5 M12 4v12',
  trash: 'M4 7h16 M10 11v6 M14 11v6 M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12 M9 7V4h6v3',
};

export function Icon({ name, size = 18 }: { name: string | null | undefined; size?: number }) {
  const d = PATHS[name ?? ''] ?? PATHS.droplet;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
