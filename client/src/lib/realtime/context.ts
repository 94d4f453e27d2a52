import { createContext } from 'react';
import type { RealtimeConnection } from './connection.ts';

/** The tab's connection, null for a guest or before it is made. */
export const RealtimeContext = createContext<RealtimeConnection | null>(null);
