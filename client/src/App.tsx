import { BrandMark } from './BrandMark.tsx';
import { SystemStatus } from './status/SystemStatus.tsx';

export function App() {
  return (
    <>
      <header className="masthead">
        <div className="container masthead__inner">
          <BrandMark />
          <div>
            <h1 className="masthead__title">Pressroom</h1>
            <p className="masthead__tagline">
              Where journalists, communicators and experts publish, connect and follow the stories that matter.
            </p>
          </div>
        </div>
      </header>
      <main className="container page">
        <SystemStatus />
      </main>
    </>
  );
}
