import type { HealthView, ProcessorHealth } from '../../../contracts/health.ts';

type Tone = 'good' | 'warning' | 'bad' | 'neutral';
export type StatusValue = HealthView['status'] | HealthView['database']['status'];

const statusLabels: Record<StatusValue, { label: string; tone: Tone }> = {
  ok: { label: 'OK', tone: 'good' },
  degraded: { label: 'Degraded', tone: 'warning' },
  down: { label: 'Down', tone: 'bad' },
  'not configured': { label: 'Not configured', tone: 'neutral' },
};

export function describeStatus(status: StatusValue): { label: string; tone: Tone } {
  return statusLabels[status];
}

export const overallSummaries: Record<HealthView['status'], string> = {
  ok: 'All systems are working.',
  degraded: 'Pressroom works, but some parts are slow or stopped.',
  down: 'Pressroom cannot serve requests right now.',
};

export const driverLabels: Record<HealthView['database']['driver'], string> = {
  postgres: 'PostgreSQL',
  pglite: 'PGlite (embedded)',
};

export const processorStateLabels: Record<ProcessorHealth['state'], string> = {
  catching_up: 'Catching up',
  live: 'Live',
  retired: 'Retired',
};

const wholeNumber = new Intl.NumberFormat();
const seconds = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

export function formatSeconds(value: number): string {
  return seconds.format(value);
}
