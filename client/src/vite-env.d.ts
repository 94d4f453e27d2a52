/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Intercom app id of the live-chat widget; unset, no chat loads. */
  readonly VITE_LIVE_CHAT_INTERCOM_APP_ID?: string;
}
