import { Link } from '@tanstack/react-router';
import './errors.css';

export function NotFoundPage() {
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="not-found__text">The page you asked for does not exist, or it is not open to your account.</p>
      <Link to="/" className="button button--primary button--md">
        <span className="button__label">Go to the home page</span>
      </Link>
    </div>
  );
}
