// $wgPasswordAttemptThrottle as MediaWiki's Throttler applies it: each condition counts the
// attempts of one user name from one address within its window; an attempt over a condition's
// count is refused and the caller told to wait the condition's whole window. Counters live in the
// session store, so that every process serving the wiki counts the same attempts.
import { createHash } from 'node:crypto';
import type { SessionStore } from '../../store/sessions/session-store.ts';

export interface ThrottleCondition {
  count: number;
  seconds: number;
}

/** MediaWiki 1.39's $wgPasswordAttemptThrottle: 5 in 5 minutes, 150 in 48 hours. */
export const DEFAULT_PASSWORD_THROTTLE: readonly ThrottleCondition[] = [
  { count: 5, seconds: 300 },
  { count: 150, seconds: 172_800 },
];

/** `password` (AuthManager's throttle) or `botpassword` (BotPassword::login's). */
export type ThrottleType = 'password' | 'botpassword';

export class LoginThrottle {
  constructor(
    private readonly store: SessionStore,
    private readonly conditions: readonly ThrottleCondition[] = DEFAULT_PASSWORD_THROTTLE,
  ) {}

  /**
   * Throttler::increase: null when the attempt may go on, else how long to wait. The counters are
   * read now; what the attempt adds to them is handed to `defer`, to be written once the request
   * has run (a request run again, elsewhere, must not count twice). Without a user name nothing
   * is counted, as in MediaWiki.
   */
  async attempt(type: ThrottleType, userName: string | null, ip: string, defer: (write: () => Promise<void>) => void): Promise<{ waitSeconds: number } | null> {
    if (!userName) return null;
    for (const [index, condition] of this.conditions.entries()) {
      if (!condition.count) continue;
      const key = this.key(type, index, userName, ip);
      if ((await this.store.count(key)) >= condition.count) return { waitSeconds: condition.seconds };
      defer(() => this.store.increment(key, condition.seconds));
    }
    return null;
  }

  /** Throttler::clear: a login that succeeded forgets the attempts before it (written as attempt's are). */
  clear(type: ThrottleType, userName: string, ip: string, defer: (write: () => Promise<void>) => void): void {
    const keys = this.conditions.map((_, index) => this.key(type, index, userName, ip));
    defer(() => this.store.clear(keys));
  }

  private key(type: ThrottleType, index: number, userName: string, ip: string): string {
    return `throttler:${type}:${index}:${ip}:${createHash('md5').update(userName).digest('hex')}`;
  }
}

const DURATION_UNITS: readonly [string, number][] = [
  ['year', 31_556_952],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** Language::formatDuration in English: `5 minutes`, `2 days`, `1 hour and 30 minutes`. */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let left = Math.round(seconds);
  for (const [unit, length] of DURATION_UNITS) {
    const value = Math.floor(left / length);
    if (value > 0) {
      parts.push(`${value} ${unit}${value === 1 ? '' : 's'}`);
      left -= value * length;
    }
  }
  if (parts.length === 0) return '0 seconds';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
