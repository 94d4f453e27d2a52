/**
 * The time deadlines are judged by. One place, so a test can move it past a deadline without
 * moving the whole process's clock (processors and wake-ups time themselves by Date too).
 */
export const clock = { now: (): Date => new Date() };
