/** The shipped accent (app.css), for a canvas drawn before any stylesheet (server render, tests). */
const SHIPPED = { accent: '#f5b83d', strong: '#ffc95c' };

/**
 * The accent colours as the page has them now (app.css, or the owner's through accent-style.ts), for
 * what is painted outside CSS: the waveforms' canvases and wavesurfer's colours.
 */
export function accentColours(element?: Element | null): { accent: string; strong: string } {
  if (typeof window === 'undefined') return SHIPPED;
  const style = window.getComputedStyle(element ?? document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { accent: read('--color-accent', SHIPPED.accent), strong: read('--color-accent-strong', SHIPPED.strong) };
}
