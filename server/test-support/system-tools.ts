import { spawnSync } from 'node:child_process';

/**
 * Programs some tests run to check our output with an independent implementation (a ZIP is read by
 * Info-ZIP and Python, audio is encoded by ffmpeg). The CI installs them; a machine without one
 * fails those tests with the package to install, instead of skipping them without a word.
 */
const TOOLS = {
  unzip: { probe: ['unzip', '-v'], debianPackage: 'unzip' },
  python3: { probe: ['python3', '-c', 'import zipfile'], debianPackage: 'python3' },
  ffmpeg: { probe: ['ffmpeg', '-version'], debianPackage: 'ffmpeg' },
} as const;

const found = new Map<keyof typeof TOOLS, boolean>();

/** Throws, naming the Debian package, when the program is not installed; true otherwise. */
export function requireTool(name: keyof typeof TOOLS): true {
  const { probe, debianPackage } = TOOLS[name];
  if (!found.has(name)) found.set(name, spawnSync(probe[0], probe.slice(1), { stdio: 'ignore' }).status === 0);
  if (!found.get(name)) throw new Error(`This test runs ${name}: install it (Debian: apt-get install ${debianPackage}).`);
  return true;
}
