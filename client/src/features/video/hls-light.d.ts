// hls.js ships its light build (no subtitles, alternate audio or DRM, none of which we serve)
// without a declaration of its own; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
