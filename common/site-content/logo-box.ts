import type { ImageRef } from './image.ts';

/** The logo's box: 40 px high like the built-in mark's row, at most 192 px wide (a wide wordmark gets shorter). */
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 192;

/** The CSS pixels an uploaded logo takes, its aspect kept: in the site's header and the e-mails' (decision 075). */
export function logoBox({ width, height }: Pick<ImageRef, 'width' | 'height'>): { width: number; height: number } {
  const wide = Math.round((LOGO_HEIGHT * width) / height);
  return wide <= LOGO_MAX_WIDTH
    ? { width: wide, height: LOGO_HEIGHT }
    : { width: LOGO_MAX_WIDTH, height: Math.max(1, Math.round((LOGO_MAX_WIDTH * height) / width)) };
}
