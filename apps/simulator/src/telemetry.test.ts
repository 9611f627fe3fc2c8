import { type Telemetry, telemetrySchema } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { createRandom } from './prng';
import { BATTERY_DRAIN_PER_MINUTE, initialTelemetry, nextTelemetry } from './telemetry';

const MINUTE = 60_000;

describe('telemetry evolution', () => {
  it('replays exactly from the same seed', () => {
    const run = (seed: number) => {
      const random = createRandom(seed);
      const steps = [initialTelemetry(random)];
      for (let i = 0; i < 50; i++) steps.push(nextTelemetry(steps.at(-1) ?? steps[0]!, random, 10_000));
      return steps;
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('always produces telemetry the contract accepts, over a simulated day', () => {
    const random = createRandom(7);
    let telemetry = initialTelemetry(random);
    for (let i = 0; i < 24 * 60; i++) {
      telemetry = nextTelemetry(telemetry, random, MINUTE);
      expect(telemetrySchema.safeParse(telemetry).success).toBe(true);
    }
  });

  it('drains the battery while unplugged, about as fast as documented', () => {
    const random = createRandom(1);
    const start: Telemetry = { battery: 90, isCharging: false, networkType: 'wifi', signal: 3, ip: '198.51.100.7' };
    let telemetry = start;
    for (let i = 0; i < 60; i++) telemetry = nextTelemetry(telemetry, random, MINUTE);
    const drained = start.battery - telemetry.battery;
    expect(drained).toBeGreaterThan(60 * BATTERY_DRAIN_PER_MINUTE * 0.6);
    expect(drained).toBeLessThan(60 * BATTERY_DRAIN_PER_MINUTE * 1.4);
  });

  it('charges a plugged-in phone and unplugs it by the time it is full', () => {
    const random = createRandom(3);
    let telemetry: Telemetry = { battery: 30, isCharging: true, networkType: 'wifi', signal: 3, ip: '198.51.100.7' };
    let highest = telemetry.battery;
    for (let i = 0; i < 60; i++) {
      telemetry = nextTelemetry(telemetry, random, MINUTE);
      highest = Math.max(highest, telemetry.battery);
      if (telemetry.battery >= 100) expect(telemetry.isCharging).toBe(false);
    }
    expect(highest).toBeGreaterThan(80);
  });

  it('plugs a nearly empty phone in', () => {
    const random = createRandom(5);
    let telemetry: Telemetry = {
      battery: 12,
      isCharging: false,
      networkType: 'cellular',
      signal: 2,
      ip: '203.0.113.4',
    };
    for (let i = 0; i < 20 && !telemetry.isCharging; i++) telemetry = nextTelemetry(telemetry, random, MINUTE);
    expect(telemetry.isCharging).toBe(true);
  });

  it('changes the signal by at most one bar per step and keeps it within 0–4', () => {
    const random = createRandom(11);
    let telemetry = initialTelemetry(random);
    for (let i = 0; i < 500; i++) {
      const next = nextTelemetry(telemetry, random, 10_000);
      if (next.networkType === telemetry.networkType && next.networkType !== 'none') {
        expect(Math.abs(next.signal - telemetry.signal)).toBeLessThanOrEqual(1);
      }
      expect(next.signal).toBeGreaterThanOrEqual(0);
      expect(next.signal).toBeLessThanOrEqual(4);
      telemetry = next;
    }
  });

  it('switches networks now and then, with a documentation-range IP that follows the network', () => {
    const random = createRandom(13);
    let telemetry = initialTelemetry(random);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      telemetry = nextTelemetry(telemetry, random, MINUTE);
      seen.add(telemetry.networkType);
      if (telemetry.networkType === 'wifi') expect(telemetry.ip).toMatch(/^198\.51\.100\.\d+$/);
      if (telemetry.networkType === 'cellular') expect(telemetry.ip).toMatch(/^203\.0\.113\.\d+$/);
      if (telemetry.networkType === 'none') {
        expect(telemetry.ip).toBeNull();
        expect(telemetry.signal).toBe(0);
      }
    }
    expect(seen).toEqual(new Set(['wifi', 'cellular', 'none']));
  });

  it('changes nothing but chance when no time has passed', () => {
    const random = createRandom(17);
    const telemetry: Telemetry = { battery: 50, isCharging: false, networkType: 'wifi', signal: 3, ip: '198.51.100.9' };
    expect(nextTelemetry(telemetry, random, 0).battery).toBe(50);
  });
});
