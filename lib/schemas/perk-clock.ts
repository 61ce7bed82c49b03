/**
 * "Now" for the perk lifecycle. Reads go through it so tests can fix the moment a date passes
 * (`perkClock.now = () => …`) without faking timers for the whole process.
 */
export const perkClock = { now: (): number => Date.now() };
