/**
 * What the global set-up started, as the journeys see it. The set-up writes it to process.env, which
 * Playwright's workers inherit.
 */
export interface Stack {
  /** nginx, round-robin over both instances; also every instance's PUBLIC_URL. */
  balancer: string;
  /** Each instance's own address, for steps that must reach one of them. */
  instances: [string, string];
  /** The fresh database both instances share. */
  databaseUrl: string;
  /** Each instance's JSON log (LOG_LEVEL=info). */
  logs: [string, string];
}

export const MULTI_ADMIN = { username: 'owner', email: 'owner@studio.test', password: 'multi-Password-123' };

const STACK_VARIABLE = 'MULTI_STACK';
const SKIP_VARIABLE = 'MULTI_SKIP';

export function publishStack(stack: Stack): void {
  process.env[STACK_VARIABLE] = JSON.stringify(stack);
}

export function stack(): Stack {
  const value = process.env[STACK_VARIABLE];
  if (!value) throw new Error('the two-instance stack is not running (run with --config playwright.multi.config.ts)');
  return JSON.parse(value) as Stack;
}

/** Set when the stack cannot run here (no nginx outside CI); the journeys skip with this reason. */
export const skipReason = () => process.env[SKIP_VARIABLE];

export function skipStack(reason: string): void {
  process.env[SKIP_VARIABLE] = reason;
}
