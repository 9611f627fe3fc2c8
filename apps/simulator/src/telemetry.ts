import { type NETWORK_TYPES, type Telemetry, telemetrySchema } from '@gerbang/contract';
import { type Random, randomInt } from './prng';

type NetworkType = (typeof NETWORK_TYPES)[number];

/** Percent per minute. Phones drain slowly and charge faster. */
export const BATTERY_DRAIN_PER_MINUTE = 0.5;
export const BATTERY_CHARGE_PER_MINUTE = 2;
/** Below this a phone gets plugged in; at 100 (or by chance above 80) it is unplugged. */
export const PLUG_IN_BELOW = 20;

/**
 * IPs come from the documentation ranges (RFC 5737), so a simulated phone can never be mistaken
 * for a real address: Wi-Fi from TEST-NET-2, cellular from TEST-NET-3.
 */
const IP_PREFIX: Partial<Record<NetworkType, string>> = { wifi: '198.51.100.', cellular: '203.0.113.' };

function ipFor(networkType: NetworkType, random: Random): string | null {
  const prefix = IP_PREFIX[networkType];
  return prefix ? `${prefix}${randomInt(random, 1, 254)}` : null;
}

export function initialTelemetry(random: Random): Telemetry {
  const networkType: NetworkType = random() < 0.7 ? 'wifi' : 'cellular';
  return telemetrySchema.parse({
    battery: randomInt(random, 35, 100),
    isCharging: random() < 0.3,
    networkType,
    signal: randomInt(random, 2, 4),
    ip: ipFor(networkType, random),
  });
}

/** Rounds `value` up or down at random in proportion to its fraction, so small steps still add up. */
function stochasticRound(value: number, random: Random): number {
  const whole = Math.floor(value);
  return whole + (random() < value - whole ? 1 : 0);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function nextNetworkType(current: NetworkType, random: Random, minutes: number): NetworkType {
  // A few network changes an hour: leave Wi-Fi, drop out briefly, come back.
  if (current === 'none') return random() < 0.5 ? 'cellular' : 'wifi';
  if (random() >= Math.min(1, 0.05 * minutes)) return current;
  const roll = random();
  if (roll < 0.1) return 'none';
  return current === 'wifi' ? 'cellular' : 'wifi';
}

/**
 * Telemetry `elapsedMs` after `previous`: battery drains or charges, the phone is plugged in when
 * low, the signal wanders by a bar, the network sometimes switches (and the IP with it).
 * Pure: the same input and random sequence give the same output; the result always passes
 * telemetrySchema.
 */
export function nextTelemetry(previous: Telemetry, random: Random, elapsedMs: number): Telemetry {
  const minutes = Math.max(0, elapsedMs) / 60_000;
  let { battery, isCharging } = previous;
  const rate = isCharging ? BATTERY_CHARGE_PER_MINUTE : -BATTERY_DRAIN_PER_MINUTE;
  const change = stochasticRound(Math.abs(rate) * minutes, random);
  battery = clamp(battery + Math.sign(rate) * change, 0, 100);

  if (!isCharging && battery < PLUG_IN_BELOW && random() < 0.5) isCharging = true;
  else if (isCharging && (battery >= 100 || (battery > 80 && random() < 0.1))) isCharging = false;

  const networkType = nextNetworkType(previous.networkType, random, minutes);
  const networkChanged = networkType !== previous.networkType;
  let signal: number;
  if (networkType === 'none') signal = 0;
  else if (networkChanged) signal = randomInt(random, 1, 4);
  else signal = clamp(previous.signal + (random() < 0.3 ? (random() < 0.5 ? -1 : 1) : 0), 1, 4);

  const ip =
    networkChanged || (networkType !== 'none' && previous.ip === null) ? ipFor(networkType, random) : previous.ip;
  return { battery, isCharging, networkType, signal, ip };
}
