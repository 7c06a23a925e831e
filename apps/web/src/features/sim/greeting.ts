/**
 * Greeting bands of the SIM dashboard (spec §9): 6-11 morning, 11-14 noon, 14-20 afternoon, else
 * evening; from 22 o'clock (and through the night until 6) the evening greeting says go to sleep.
 */
export type GreetingBand = 'morning' | 'noon' | 'afternoon' | 'evening' | 'sleep';

/** The band of an hour of the day (0-23, local time). */
export function greetingBand(hour: number): GreetingBand {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 6 && h < 11) return 'morning';
  if (h >= 11 && h < 14) return 'noon';
  if (h >= 14 && h < 20) return 'afternoon';
  if (h >= 20 && h < 22) return 'evening';
  return 'sleep';
}

/** The band of a moment, in the device's local time. */
export function greetingBandAt(date: Date): GreetingBand {
  return greetingBand(date.getHours());
}
