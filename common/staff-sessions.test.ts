import { describe, expect, it } from 'vitest';
import { deviceName } from './staff-sessions.ts';

const MOZ = 'Mozilla/5.0';
const WEBKIT = '${WEBKIT}';
const IOS_WEBKIT = 'AppleWebKit/605.1.15 (KHTML, like Gecko)';

describe('deviceName', () => {
  it.each([
    [`${MOZ} (Macintosh; Intel Mac OS X 10_15_7) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36`, 'Chrome on macOS'],
    [`${MOZ} (Macintosh; Intel Mac OS X 10_15_7) ${IOS_WEBKIT} Version/18.1 Safari/605.1.15`, 'Safari on macOS'],
    [`${MOZ} (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0`, 'Edge on Windows'],
    [`${MOZ} (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0`, 'Firefox on Linux'],
    [`${MOZ} (iPhone; CPU iPhone OS 18_1 like Mac OS X) ${IOS_WEBKIT} CriOS/131.0 Mobile/15E148 Safari/604.1`, 'Chrome on iOS'],
    [`${MOZ} (iPad; CPU OS 17_0 like Mac OS X) ${IOS_WEBKIT} Version/17.0 Mobile/15E148 Safari/604.1`, 'Safari on iPadOS'],
    [`${MOZ} (Linux; Android 14; SM-S918B) ${WEBKIT} SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36`, 'Samsung Internet on Android'],
    [`${MOZ} (X11; CrOS x86_64 14541.0.0) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36`, 'Chrome on ChromeOS'],
    [`${MOZ} (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0.0.0 Safari/537.36 OPR/115.0`, 'Opera on Windows'],
    ['curl/8.5.0', 'Unknown browser'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('names %s as %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });
});
