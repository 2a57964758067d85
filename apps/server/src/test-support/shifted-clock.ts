/**
 * Preloaded into a server process a test starts (`node --import tsx --import <this file>`): the
 * process's clock (Date and Date.now) starts at SHIFTED_CLOCK_START (an ISO time) and runs on from
 * there, for what runs on the calendar (the monthly inspection reminder goes out on the 1st to 3rd).
 * The database keeps its own clock.
 */
const start = process.env.SHIFTED_CLOCK_START;
if (start) {
  const RealDate = Date;
  const offset = RealDate.parse(start) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`SHIFTED_CLOCK_START is not a time: ${start}`);
  class ShiftedDate extends RealDate {
    constructor(...args: [] | ConstructorParameters<DateConstructor>) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

export {};
