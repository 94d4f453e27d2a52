// The build's settings for error reporting (README "Error reporting"); unset, no SDK loads.
interface ImportMetaEnv {
  readonly VITE_SENTRY_DSN?: string;
  /** A number from 0 to 1 that replaces the rate of spec section 9. */
  readonly VITE_SENTRY_SAMPLE_RATE?: string;
  /** Replaces the default `pressroom@<package version>`. */
  readonly VITE_SENTRY_RELEASE?: string;
}
