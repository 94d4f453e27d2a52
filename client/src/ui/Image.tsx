import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { ImageIcon } from './icons.tsx';
import './Image.css';

/** Spec section 9: an image load error is reported after 1500 ms. */
export const IMAGE_ERROR_DELAY_MS = 1500;

export type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError'> & {
  alt: string;
  /** Shown instead of a broken image; a neutral picture by default. */
  fallback?: ReactNode;
  onLoadError?: (src: string) => void;
};

/**
 * An image that never shows the browser's broken-image icon. A failure counts only once it
 * has lasted 1500 ms: a source replaced meanwhile (a freshly processed upload, a retry)
 * cancels it. Then the fallback is shown and `onLoadError` is told.
 */
export function SafeImage({ src, alt, fallback, onLoadError, className, onLoad, ...props }: SafeImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failing' | 'failed'>(src ? 'loading' : 'failed');
  const reportRef = useRef(onLoadError);
  reportRef.current = onLoadError;

  useEffect(() => {
    setState(src ? 'loading' : 'failed');
  }, [src]);

  useEffect(() => {
    if (state !== 'failing' || !src) return;
    const timer = setTimeout(() => {
      setState('failed');
      reportRef.current?.(src);
    }, IMAGE_ERROR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, src]);

  if (state === 'failed') {
    return (
      fallback ?? (
        <span role="img" aria-label={alt || undefined} aria-hidden={alt ? undefined : true} className={['safe-image__fallback', className].filter(Boolean).join(' ')}>
          <ImageIcon />
        </span>
      )
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={['safe-image', state === 'loaded' ? 'is-loaded' : '', className].filter(Boolean).join(' ')}
      onLoad={(event) => {
        setState('loaded');
        onLoad?.(event);
      }}
      onError={() => setState('failing')}
      {...props}
    />
  );
}
