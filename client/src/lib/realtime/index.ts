export type { ConnectionState, MessageOf, ServerEvent } from './connection.ts';
export { useConnectionState, useRoom, useSocketEvent } from './hooks.ts';
export { setLiveQueryData } from './liveQueryData.ts';
export { RealtimeProvider, type RealtimeProviderProps } from './RealtimeProvider.tsx';
