import type { MantineColorsTuple } from '@mantine/core';

function mix(hex: string, target: number, ratio: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * ratio))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Ten shades around a theme colour (index 5 is the colour itself), for Mantine's primary colour. */
export function palette(hex: string): MantineColorsTuple {
  const lighter = [0.9, 0.75, 0.6, 0.4, 0.2].map((r) => mix(hex, 255, r));
  const darker = [0.15, 0.3, 0.45, 0.6].map((r) => mix(hex, 0, r));
  return [...lighter, hex.toLowerCase(), ...darker] as unknown as MantineColorsTuple;
}
