import type { SVGProps } from 'react';
import { Icon as KitIcon } from '../../ui/icons.tsx';

type IconProps = SVGProps<SVGSVGElement>;

// Navigation icons are decoration: each sits beside its label or inside a labelled control.
// A lighter stroke than the kit's icons, which sit in buttons.
const NavIcon = (props: IconProps) => <KitIcon strokeWidth="1.8" {...props} />;

const paths = {
  home: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  messages: <path d="M4 5h16v11H8l-4 4z" />,
  interviews: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </>
  ),
  news: (
    <>
      <path d="M4 5h13v14a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2z" />
      <path d="M17 9h3v10a2 2 0 0 1-2 2M8 9h5M8 13h5M8 17h3" />
    </>
  ),
  announcements: (
    <>
      <path d="M4 10v4h3l6 4V6L7 10z" />
      <path d="M17 9a4 4 0 0 1 0 6" />
    </>
  ),
  content: <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  contacts: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </>
  ),
  community: <path d="M9 4 7 20M17 4l-2 16M4 9h16M3 15h16" />,
  development: <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  create: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  notifications: <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />,
  arrowUp: <path d="M12 19V5M5 12l7-7 7 7" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  chevron: <path d="m6 9 6 6 6-6" />,
  signOut: <path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9 7 7M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: IconProps & { name: IconName }) {
  return <NavIcon {...props}>{paths[name]}</NavIcon>;
}
