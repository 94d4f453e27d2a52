import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '../../BrandMark.tsx';
import './auth.css';

/** The sign-in screens: the product beside a single card (side by side on wide screens). */
export function AuthLayout({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth">
      <section className="auth__intro" aria-label="About Pressroom">
        <Link to="/sign_in" className="brand brand--light" aria-label="Pressroom: sign in">
          <BrandMark />
          <span className="brand__name">Pressroom</span>
        </Link>
        <p className="auth__pitch">Where journalists, communicators and experts meet.</p>
        <ul className="auth__points">
          <li>Answer call-outs and run interviews with the people behind the news.</li>
          <li>Publish announcements to the journalists who cover your beat.</li>
          <li>Join communities and follow the stories that matter to you.</li>
        </ul>
      </section>
      <div className="auth__panel">
        <div className="auth__card">
          <h1 className="auth__title">{title}</h1>
          {lead && <p className="auth__lead">{lead}</p>}
          {children}
        </div>
        {footer && <div className="auth__footer">{footer}</div>}
      </div>
    </div>
  );
}
