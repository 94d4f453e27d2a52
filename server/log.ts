import pino from 'pino';

/** The log of a process outside a request (start-up, processors, scripts). */
export function createLog(level: string) {
  return pino({ level });
}
