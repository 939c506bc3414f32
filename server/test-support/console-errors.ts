import { afterEach, beforeEach, vi } from 'vitest';

/*
 * A test fails when something calls console.error and the test did not say it expects that (as the
 * Epic Stack does): React's warnings, a rejected promise logged by a component, a library's
 * complaint. The server logs through pino, never console.error, so this only catches what nobody
 * meant. The message is still printed, so the failing test shows what was said.
 */

let unexpected: string[] = [];
let expected = false;

/** Call in a test that provokes console.error on purpose (an error boundary, a refused render). */
export function expectConsoleErrors(): void {
  expected = true;
}

beforeEach(() => {
  unexpected = [];
  expected = false;
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    if (!expected) unexpected.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (unexpected.length > 0) {
    const said = unexpected.join('\n');
    unexpected = [];
    throw new Error(`console.error was called, and the test did not expect it:\n${said}`);
  }
});
