import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../session/currentUser.ts';
import './welcome.css';

const firstSteps = [
  { to: '/interviews/wire', title: 'Interviews', text: 'Answer journalists’ questions, or ask your own, in writing or on video.' },
  { to: '/announcements/all', title: 'Announcements', text: 'Follow what newsrooms publish, and publish your own.' },
  { to: '/', title: 'Your feed', text: 'Call-outs, events, jobs and posts from your communities.' },
] as const;

export function WelcomePage() {
  const user = useCurrentUser();
  return (
    <div className="welcome">
      <section className="welcome__hero" aria-labelledby="welcome-title">
        <h1 id="welcome-title">{user ? `Welcome to Pressroom, ${user.firstname}` : 'Welcome to Pressroom'}</h1>
        <p>Pressroom is where journalists, communicators and experts meet, publish and follow the stories that matter to them.</p>
        {!user && (
          <div className="welcome__actions">
            <Link to="/sign_up" className="button button--primary button--md">
              <span className="button__label">Create an account</span>
            </Link>
            <Link to="/sign_in" className="button button--secondary button--md">
              <span className="button__label">Sign in</span>
            </Link>
          </div>
        )}
      </section>
      {user && (
        <section aria-labelledby="welcome-next">
          <h2 id="welcome-next" className="welcome__subtitle">
            Where to start
          </h2>
          <ul className="welcome__cards">
            {firstSteps.map((step) => (
              <li key={step.to} className="welcome__card">
                <Link to={step.to} className="welcome__card-link">
                  {step.title}
                </Link>
                <p>{step.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
