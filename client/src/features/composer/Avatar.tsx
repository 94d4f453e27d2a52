import { SafeImage } from '../../ui/Image.tsx';
import './Avatar.css';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

type AvatarProps = { name: string; src: string | null | undefined; size?: 'sm' | 'md' | 'lg'; square?: boolean };

/** A person's photo or a company's logo, or their initials when there is none (or it fails to load). */
export function Avatar({ name, src, size = 'md', square = false }: AvatarProps) {
  const className = `avatar avatar--${size}${square ? ' avatar--square' : ''}`;
  const initials = (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
  if (!src) return initials;
  return <SafeImage className={className} src={src} alt="" fallback={initials} />;
}
