/**
 * The studio illustration, drawn in code so it is original, tiny in the repo and easy to re-tune:
 * a dark control room with acoustic panels, a monitor showing an amber waveform, two speakers and a
 * mixing console with channel strips, knobs, faders and level meters. Returns SVG markup.
 */

const AMBER = '#f5b83d';
const AMBER_HOT = '#ffc95c';

/** Deterministic pseudo-random numbers so every build draws the same picture. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function waveform(x, y, width, height, bars, seed) {
  const rnd = random(seed);
  const step = width / bars;
  let out = '';
  for (let i = 0; i < bars; i++) {
    const t = i / bars;
    // A song-like envelope: quiet intro, verse, louder chorus, outro.
    const envelope = 0.25 + 0.55 * Math.sin(Math.PI * t) ** 0.6 + (t > 0.45 && t < 0.75 ? 0.18 : 0);
    const h = Math.max(2, height * envelope * (0.45 + 0.55 * rnd()));
    const played = t < 0.42;
    out +=
      `<rect x="${(x + i * step).toFixed(1)}" y="${(y - h / 2).toFixed(1)}" width="${(step * 0.62).toFixed(1)}" ` +
      `height="${h.toFixed(1)}" rx="1.5" fill="${played ? AMBER : '#5b5b6e'}"/>`;
  }
  return out;
}

function speaker(x, y, w, h) {
  return `
  <g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#17171f" stroke="#2c2c38" stroke-width="2"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.27}" r="${w * 0.2}" fill="#0c0c11" stroke="#34343f" stroke-width="3"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.27}" r="${w * 0.07}" fill="#24242e"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.66}" r="${w * 0.34}" fill="#0c0c11" stroke="#34343f" stroke-width="4"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.66}" r="${w * 0.22}" fill="url(#cone)"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.66}" r="${w * 0.08}" fill="#2a2a35"/>
    <circle cx="${x + w / 2}" cy="${y + h - 14}" r="3" fill="${AMBER}"/>
  </g>`;
}

function console_(x, y, width, channels, seed) {
  const rnd = random(seed);
  const stripW = width / channels;
  let strips = '';
  for (let c = 0; c < channels; c++) {
    const sx = x + c * stripW;
    const cx = sx + stripW / 2;
    strips += `<rect x="${sx + 3}" y="${y + 18}" width="${stripW - 6}" height="300" rx="6" fill="#1b1b24"/>`;
    for (let k = 0; k < 3; k++) {
      const angle = -130 + rnd() * 260;
      const ky = y + 42 + k * 38;
      const rad = (angle * Math.PI) / 180;
      strips += `<circle cx="${cx}" cy="${ky}" r="11" fill="#2b2b36" stroke="#3d3d4a" stroke-width="2"/>`;
      strips +=
        `<line x1="${cx}" y1="${ky}" x2="${(cx + Math.sin(rad) * 9).toFixed(1)}" y2="${(ky - Math.cos(rad) * 9).toFixed(1)}" ` +
        `stroke="${k === 0 ? AMBER : '#d9d9e3'}" stroke-width="2.5" stroke-linecap="round"/>`;
    }
    // Level meter: lit segments up to a random level, the top ones hot.
    const level = 3 + Math.floor(rnd() * 7);
    for (let s = 0; s < 10; s++) {
      const lit = s < level;
      const colour = s >= 8 ? '#ef4444' : s >= 6 ? AMBER_HOT : AMBER;
      strips +=
        `<rect x="${cx - 4}" y="${y + 232 - s * 9}" width="8" height="6" rx="1" ` +
        `fill="${lit ? colour : '#2a2a33'}" opacity="${lit ? 1 : 0.9}"/>`;
    }
    // Fader slot and cap.
    strips += `<rect x="${cx - 2}" y="${y + 246}" width="4" height="62" rx="2" fill="#08080c"/>`;
    const fy = y + 252 + rnd() * 44;
    strips += `<rect x="${cx - 12}" y="${fy.toFixed(1)}" width="24" height="12" rx="3" fill="${c === channels - 1 ? AMBER : '#cfcfd9'}"/>`;
    strips += `<rect x="${cx - 12}" y="${(fy + 5).toFixed(1)}" width="24" height="2" fill="#55556a"/>`;
  }
  return `
  <g>
    <path d="M ${x - 40} ${y} L ${x + width + 40} ${y} L ${x + width + 90} ${y + 340} L ${x - 90} ${y + 340} Z"
      fill="#121219" stroke="#2c2c38" stroke-width="2"/>
    <rect x="${x - 90}" y="${y + 330}" width="${width + 180}" height="40" rx="6" fill="#0e0e14"/>
    ${strips}
  </g>`;
}

export function studioSceneSvg({ width = 1200, height = 900 } = {}) {
  const panels = [];
  for (let i = 0; i < 8; i++) {
    const px = 20 + i * 150;
    panels.push(`<rect x="${px}" y="40" width="130" height="300" rx="8" fill="#14141b" stroke="#1f1f29" stroke-width="2"/>`);
    for (let r = 0; r < 6; r++) panels.push(`<rect x="${px + 12}" y="${58 + r * 47}" width="106" height="32" rx="4" fill="#181820"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">
  <defs>
    <linearGradient id="room" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#101017"/><stop offset="1" stop-color="#07070a"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.38" r="0.55">
      <stop offset="0" stop-color="${AMBER}" stop-opacity="0.28"/><stop offset="1" stop-color="${AMBER}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="cone" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#3a3a46"/><stop offset="1" stop-color="#15151c"/>
    </radialGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#12121a"/><stop offset="1" stop-color="#0b0b10"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#room)"/>
  ${panels.join('')}
  <rect width="1200" height="900" fill="url(#glow)"/>
  <rect x="0" y="360" width="1200" height="540" fill="#0a0a0f" opacity="0.55"/>
  ${speaker(70, 190, 170, 270)}
  ${speaker(960, 190, 170, 270)}
  <g>
    <rect x="290" y="120" width="620" height="360" rx="18" fill="#1a1a22" stroke="#30303c" stroke-width="3"/>
    <rect x="306" y="136" width="588" height="328" rx="8" fill="url(#screen)"/>
    <rect x="306" y="136" width="588" height="34" rx="8" fill="#17171f"/>
    <circle cx="326" cy="153" r="6" fill="#ef4444"/><circle cx="346" cy="153" r="6" fill="${AMBER}"/>
    <circle cx="366" cy="153" r="6" fill="#22c55e"/>
    <rect x="400" y="147" width="160" height="12" rx="6" fill="#262630"/>
    <g>${waveform(330, 250, 540, 120, 90, 7)}</g>
    <line x1="558" y1="186" x2="558" y2="316" stroke="${AMBER_HOT}" stroke-width="2"/>
    <g>${waveform(330, 390, 540, 70, 90, 21).replaceAll(AMBER, '#f59e0b')}</g>
    <rect x="330" y="430" width="540" height="16" rx="4" fill="#1c1c25"/>
    <rect x="330" y="430" width="226" height="16" rx="4" fill="${AMBER}" opacity="0.35"/>
    <rect x="585" y="480" width="30" height="40" fill="#1a1a22"/>
    <rect x="530" y="516" width="140" height="10" rx="5" fill="#1f1f29"/>
  </g>
  ${console_(210, 540, 780, 16, 42)}
</svg>`;
}
