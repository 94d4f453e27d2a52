// Same drawing as public/favicon.svg, inline so it takes the colour of the text around it.
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M10 8h8a6 6 0 0 1 0 12h-4v4h-4zm4 4v4h4a2 2 0 0 0 0-4z" fill="var(--brand-mark-ink, #fff)" />
    </svg>
  );
}
